import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LogIn, MessagesSquare, UserPlus, X } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { STORAGE_KEYS } from '@/lib/storage';
import { loginPathFor } from '@/features/auth/public';
import { GROUP_TEXTS, MembershipButton, useGroupContext } from '@/features/groups/public';
import { GroupDiscussions } from './group-discussions';

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.hideAuthBanner) === 'true';
  } catch {
    return false;
  }
}

/**
 * The visitor's banner; closing it sets localStorage `hideAuthBanner` so it stays closed (SPEC §2). One frame at a
 * time: the quieter "Sign in to join" line shows once the banner is closed, not as a second banner under it.
 */
function AuthBanner({ loginPath }: { loginPath: string }) {
  const [hidden, setHidden] = useState(readHidden);
  if (hidden) {
    return (
      <div className="rounded-2xl border border-line bg-surface p-5 text-center shadow-sm">
        <p className="text-sm text-fg-muted sm:text-base">{GROUP_TEXTS.signInToParticipate}</p>
      </div>
    );
  }
  const close = () => {
    try {
      window.localStorage.setItem(STORAGE_KEYS.hideAuthBanner, 'true');
    } catch {
      // Storage disabled: the banner closes for this visit only.
    }
    setHidden(true);
  };
  return (
    <div
      role="region"
      aria-label={GROUP_TEXTS.signIn}
      className="flex items-center gap-3 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 px-4 py-3 text-white shadow-sm sm:px-5"
    >
      <p className="min-w-0 flex-1 text-sm font-medium sm:text-base">{GROUP_TEXTS.authBanner}</p>
      <Link to={loginPath} className={buttonClasses('secondary', 'sm', 'bg-white text-brand-800 hover:bg-brand-50')}>
        {GROUP_TEXTS.signIn}
      </Link>
      <button
        type="button"
        onClick={close}
        aria-label={GROUP_TEXTS.close}
        className="rounded-lg p-1.5 text-white/90 hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        <X className="size-5" aria-hidden />
      </button>
    </div>
  );
}

/**
 * The Discussion tab (SPEC §2): each audience's frame (the visitor's banners, the non-member's call to join), then
 * the member's composer ("Anything on your mind?") and the posts, or the empty state for the audience.
 */
export function DiscussionTab() {
  const { detail, viewer } = useGroupContext();
  const location = useLocation();
  const loginPath = loginPathFor(`${location.pathname}${location.search}`);

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      {!viewer.signedIn ? (
        <AuthBanner loginPath={loginPath} />
      ) : !viewer.isMember ? (
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:flex-row sm:items-center">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
            <UserPlus className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-fg">{GROUP_TEXTS.joinThisCommunity}</h2>
            <p className="text-sm text-fg-muted">{GROUP_TEXTS.joinToPost}</p>
          </div>
          <MembershipButton detail={detail} viewer={viewer} joinLabel={GROUP_TEXTS.joinGroup} />
        </div>
      ) : null}
      <section aria-label={GROUP_TEXTS.discussions}>
        <GroupDiscussions
          group={{ id: detail.group.id, name: detail.group.group_name }}
          canPost={viewer.isMember}
          empty={
            <EmptyState
              icon={MessagesSquare}
              title={GROUP_TEXTS.noDiscussions}
              description={viewer.isMember ? GROUP_TEXTS.beFirst : GROUP_TEXTS.noDiscussionsOthers}
              action={
                viewer.signedIn ? null : (
                  <Link to={loginPath} className={buttonClasses('primary', 'md')}>
                    <LogIn aria-hidden />
                    {GROUP_TEXTS.signInToPost}
                  </Link>
                )
              }
            />
          }
        />
      </section>
    </div>
  );
}
