import { MailPlus } from 'lucide-react';
import type { GroupDetailResponse } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { GROUP_TEXTS } from '@/features/groups/public';
import { useRespondInvite } from './api';

/**
 * A pending invitation of the viewer, answered on the community page itself (the notifications panel comes in a
 * later issue and will answer the same POST /groups/respond-invite).
 */
export function InviteResponse({ invite }: { invite: NonNullable<GroupDetailResponse['invite']> }) {
  const { accept, decline } = useRespondInvite();
  const busy = accept.isPending || decline.isPending;
  return (
    <div
      role="region"
      aria-label={GROUP_TEXTS.invitation}
      className="mt-4 flex flex-col gap-3 rounded-xl border border-line bg-accent-soft px-4 py-3 sm:flex-row sm:items-center"
    >
      <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-fg">
        <MailPlus className="size-5 shrink-0 text-accent-fg" aria-hidden />
        <span className="min-w-0 break-words">
          {invite.sender_username ? (
            <>
              <strong className="font-semibold">{invite.sender_username}</strong> {GROUP_TEXTS.invitedYou}
            </>
          ) : (
            GROUP_TEXTS.youAreInvited
          )}
        </span>
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={busy} onClick={() => accept.mutate({ notificationId: invite.notificationId })}>
          {GROUP_TEXTS.accept}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => decline.mutate({ notificationId: invite.notificationId })}>
          {GROUP_TEXTS.decline}
        </Button>
      </div>
    </div>
  );
}
