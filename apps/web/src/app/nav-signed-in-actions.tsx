import { Bell } from 'lucide-react';
import { Picture } from '@/components/ui/picture';
import { Tooltip } from '@/components/ui/tooltip';
import { useUnreadCount } from '@/features/notifications/api';
import { useOwnProfile } from '@/features/profiles/api';
import { useProfilePanel } from '@/features/profiles/public';
import { APP_TEXTS } from './texts';

/**
 * The signed-in end of the navigation bar (SPEC §2): the notifications bell, with a dot while anything is unread
 * (the count is polled, refreshed on focus and pushed live), and the avatar that opens the own profile.
 */
export function NavSignedInActions({ onOpenNotifications }: { onOpenNotifications: () => void }) {
  const profilePanel = useProfilePanel();
  const ownProfile = useOwnProfile();
  const unread = useUnreadCount().data ?? 0;
  return (
    <>
      <Tooltip content={APP_TEXTS.notifications}>
        <button
          type="button"
          aria-label={unread > 0 ? APP_TEXTS.notificationsUnread(unread) : APP_TEXTS.notifications}
          onClick={onOpenNotifications}
          className="relative flex size-10 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Bell className="size-5" aria-hidden />
          {unread > 0 ? (
            <span
              data-testid="unread-dot"
              aria-hidden
              className="absolute top-2 right-2 size-2.5 rounded-full bg-danger ring-2 ring-surface"
            />
          ) : null}
        </button>
      </Tooltip>
      <Tooltip content={APP_TEXTS.yourProfile}>
        <button
          type="button"
          aria-label={APP_TEXTS.yourProfile}
          onClick={() => profilePanel.open('me')}
          className="rounded-full p-0.5 transition-shadow hover:ring-2 hover:ring-accent-fg/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Picture src={ownProfile.data?.profileImage} size="sm" className="size-9" />
        </button>
      </Tooltip>
    </>
  );
}
