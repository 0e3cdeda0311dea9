import { Bell } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Tooltip } from '@/components/ui/tooltip';
import { useOwnProfile } from '@/features/profiles/api';
import { useProfilePanel } from '@/features/profiles/public';

/** The signed-in end of the navigation bar (SPEC §2): the notifications bell and the avatar that opens the own profile. */
export function NavMemberActions({ onOpenNotifications }: { onOpenNotifications: () => void }) {
  const profilePanel = useProfilePanel();
  const ownProfile = useOwnProfile();
  return (
    <>
      <Tooltip content="Notifications">
        <button
          type="button"
          aria-label="Notifications"
          onClick={onOpenNotifications}
          className="flex size-10 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Bell className="size-5" aria-hidden />
        </button>
      </Tooltip>
      <Tooltip content="Your profile">
        <button
          type="button"
          aria-label="Your profile"
          onClick={() => profilePanel.open('me')}
          className="rounded-full p-0.5 transition-shadow hover:ring-2 hover:ring-accent-fg/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Avatar src={ownProfile.data?.profileImage} size="sm" className="size-9" />
        </button>
      </Tooltip>
    </>
  );
}
