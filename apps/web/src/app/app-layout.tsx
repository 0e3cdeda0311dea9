import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { CommunitiesPanel } from '@/features/groups/communities-panel';
import { NotificationsPanel } from '@/features/notifications/notifications-panel';
import { ProfilePanel } from '@/features/profiles/profile-panel';
import { NavBar } from './nav-bar';
import { SidePanel } from './side-panel';

/** Every page but login and register: navigation bar, content, the desktop side panel and the drawers. */
export function AppLayout() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [notificationsOpen, setNotificationsOpen] = useState(false);

  // Another tab signed out or in as someone else: nothing cached for the previous user may show.
  const previousUser = useRef(session?.userId ?? null);
  useEffect(() => {
    const current = session?.userId ?? null;
    if (previousUser.current !== current) {
      previousUser.current = current;
      queryClient.removeQueries();
      setNotificationsOpen(false);
    }
  }, [session?.userId, queryClient]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-surface focus:text-fg focus:px-4 focus:py-2 focus:shadow-panel"
      >
        Skip to content
      </a>
      <NavBar onOpenNotifications={() => setNotificationsOpen(true)} />
      <div className={cn(session && 'md:pr-72 xl:pr-80')}>
        <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
          <Outlet />
        </main>
      </div>
      <SidePanel />
      {session ? <NotificationsPanel open={notificationsOpen} onOpenChange={setNotificationsOpen} /> : null}
      <ProfilePanel />
      <CommunitiesPanel />
    </div>
  );
}
