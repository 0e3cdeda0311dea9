import { Link, useLocation } from 'react-router';
import { appPaths } from '@agora/contract';
import { LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { Picture } from '@/components/ui/picture';
import { Button, buttonClasses } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useLogout } from '@/features/auth/api';
import { FriendsPanelList } from '@/features/friends/public';
import { useOwnProfile } from '@/features/profiles/api';
import { useProfilePanel } from '@/features/profiles/use-profile-panel';
import { ACCOUNT_TEXTS } from '@/features/account/public';
import { useAccountState } from '@/features/account/api';
import { APP_TEXTS } from './texts';

/**
 * SPEC §2 Friends panel. Desktop only (≥ 768 px), signed in only: the user's card, the friends list with online
 * dots and a profile card per friend, and Logout.
 */
export function SidePanel() {
  const session = useSession();
  const profile = useOwnProfile();
  const logout = useLogout();
  const panel = useProfilePanel();
  const pathname = useLocation().pathname;
  const onSettings = pathname === appPaths.settings();
  const onAdmin = pathname === appPaths.admin();
  const account = useAccountState();
  if (!session) return null;
  const data = profile.data;
  const name = data ? [data.firstName, data.lastName].filter(Boolean).join(' ') || data.username : session.username;

  return (
    <aside
      aria-label={APP_TEXTS.sidePanel}
      className="fixed top-16 right-0 bottom-0 hidden w-72 flex-col border-l border-line bg-surface md:flex xl:w-80"
    >
      <div className="flex-1 overflow-y-auto p-4">
        <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
          <div className="aspect-[3/1] w-full bg-surface-strong">
            {data ? <FallbackImage src={data.bannerImage} kind="banner" alt="" className="size-full object-cover" /> : null}
          </div>
          <div className="px-4 pb-4">
            <Picture src={data?.profileImage} size="lg" className="-mt-7 border-4 border-surface" />
            {profile.isPending ? (
              <div className="mt-2 space-y-2">
                <Skeleton className="h-5 w-32" />
                <Skeleton className="h-4 w-20" />
              </div>
            ) : (
              <div className="mt-1.5 min-w-0">
                <p className="truncate font-semibold text-fg">{name}</p>
                <p className="truncate text-sm text-fg-subtle">@{data?.username ?? session.username}</p>
                {data?.bio ? <p className="mt-2 text-sm break-words text-fg-muted">{data.bio}</p> : null}
              </div>
            )}
            <Button variant="outline" size="sm" className="mt-4 w-full" onClick={() => panel.open('me')}>
              <UserRound aria-hidden />
              {APP_TEXTS.viewProfile}
            </Button>
          </div>
        </div>
        <FriendsPanelList />
      </div>
      <div className="space-y-1 border-t border-line p-4">
        <Link
          to={appPaths.settings()}
          aria-current={onSettings ? 'page' : undefined}
          className={buttonClasses(
            'ghost',
            'md',
            cn('w-full justify-start', onSettings ? 'bg-accent-soft text-accent-fg' : 'text-fg-muted'),
          )}
        >
          <Settings aria-hidden />
          {ACCOUNT_TEXTS.settingsLink}
        </Link>
        {account.data?.siteAdmin ? (
          <Link
            to={appPaths.admin()}
            aria-current={onAdmin ? 'page' : undefined}
            className={buttonClasses(
              'ghost',
              'md',
              cn('w-full justify-start', onAdmin ? 'bg-accent-soft text-accent-fg' : 'text-fg-muted'),
            )}
          >
            <ShieldCheck aria-hidden />
            {APP_TEXTS.adminLink}
          </Link>
        ) : null}
        <Button variant="ghost" className="w-full justify-start text-fg-muted" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden />
          {APP_TEXTS.logout}
        </Button>
      </div>
    </aside>
  );
}
