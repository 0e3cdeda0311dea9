import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useLiveFollowing } from '@/lib/live-following';
import { lazyComponent } from '@/lib/lazy-component';
import { useProfilePanel } from '@/features/profiles/public';
import { usePostPanel } from '@/features/discussions/use-post-panel';
import { NavBar } from './nav-bar';
import { APP_TEXTS } from './texts';

// Signed-in or on-demand parts load apart from the layout, so a visitor's first page stays small: the side panel
// for signed-in people, each drawer on its first opening (it then stays mounted, so closing animates).
const Realtime = lazyComponent(
  () => import('./realtime'),
  (m) => m.Realtime,
);
// A visitor's connection, only while a page follows a live room (issue 17 §1).
const VisitorRealtime = lazyComponent(
  () => import('./visitor-realtime'),
  (m) => m.VisitorRealtime,
);
const SidePanel = lazyComponent(
  () => import('./side-panel'),
  (m) => m.SidePanel,
);
const NotificationsPanel = lazyComponent(
  () => import('@/features/notifications/notifications-panel'),
  (m) => m.NotificationsPanel,
);
const GroupsPanel = lazyComponent(
  () => import('@/features/groups/groups-panel'),
  (m) => m.GroupsPanel,
);
const ProfilePanel = lazyComponent(
  () => import('./profile-panel'),
  (m) => m.ComposedProfilePanel,
);
const EmailBanner = lazyComponent(
  () => import('@/features/account/email-banner'),
  (m) => m.EmailBanner,
);
const DiscussionPanel = lazyComponent(
  () => import('@/features/discussions/discussion-panel'),
  (m) => m.DiscussionPanel,
);

/** Every page but login and register: navigation bar, content, the desktop side panel and the drawers. */
export function AppLayout() {
  const session = useSession();
  const followsLive = useLiveFollowing();
  const queryClient = useQueryClient();
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const profileOpen = useProfilePanel().isOpen;
  const postOpen = usePostPanel().isOpen;
  const [opened, setOpened] = useState({ notifications: false, profile: false, post: false });
  if ((notificationsOpen && !opened.notifications) || (profileOpen && !opened.profile) || (postOpen && !opened.post)) {
    setOpened({
      notifications: opened.notifications || notificationsOpen,
      profile: opened.profile || profileOpen,
      post: opened.post || postOpen,
    });
  }

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
        {APP_TEXTS.skipToContent}
      </a>
      <NavBar onOpenNotifications={() => setNotificationsOpen(true)} />
      <div className={cn(session && 'md:pr-72 xl:pr-80')}>
        {/* Issue 14 §2: an account whose address is not confirmed yet. */}
        <Suspense fallback={null}>{session ? <EmailBanner /> : null}</Suspense>
        <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
          <Outlet />
        </main>
      </div>
      {/* One boundary each: a drawer still loading never hides the side panel. */}
      <Suspense fallback={null}>{session ? <Realtime /> : null}</Suspense>
      <Suspense fallback={null}>{!session && followsLive ? <VisitorRealtime /> : null}</Suspense>
      <Suspense fallback={null}>{session ? <SidePanel /> : null}</Suspense>
      <Suspense fallback={null}>
        {session && opened.notifications ? <NotificationsPanel open={notificationsOpen} onOpenChange={setNotificationsOpen} /> : null}
      </Suspense>
      {/* The post panel before the profile panel: a profile opened from a post's names lies on top of it. */}
      <Suspense fallback={null}>{opened.post ? <DiscussionPanel /> : null}</Suspense>
      <Suspense fallback={null}>{opened.profile ? <ProfilePanel /> : null}</Suspense>
      <Suspense fallback={null}>{session ? <GroupsPanel /> : null}</Suspense>
    </div>
  );
}
