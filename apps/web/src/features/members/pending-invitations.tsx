import { X } from 'lucide-react';
import { LoadMore } from '@/components/load-more';
import { Picture } from '@/components/ui/picture';
import { Button } from '@/components/ui/button';
import { useInvitations, useRevokeInvitation } from './api';
import { GROUP_TEXTS } from '@/features/groups/public';

/**
 * Pending invitations to this community, for the owner, admins and moderators: who was invited, by whom, and a
 * Revoke button (issue 12 §1.8: an invitation is a key to a private community; staff can take it back).
 */
export function PendingInvitations({ groupId }: { groupId: number }) {
  const invitations = useInvitations(groupId, true);
  const revoke = useRevokeInvitation(groupId);
  const list = invitations.data?.pages.flatMap((p) => p.invitations) ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading" className="rounded-2xl border border-line bg-surface shadow-sm">
      <h2 id="invitations-heading" className="border-b border-line px-4 py-3 text-base font-semibold text-fg sm:px-5">
        {GROUP_TEXTS.pendingInvitations}{' '}
        <span className="text-fg-muted">
          ({list.length}
          {invitations.hasNextPage ? '+' : ''})
        </span>
      </h2>
      <ul className="divide-y divide-line">
        {list.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
            <Picture src={invitation.profileImage} size="md" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-fg">{invitation.username}</span>
              {invitation.invited_by ? (
                <span className="block truncate text-xs text-fg-muted">{GROUP_TEXTS.invitedBy(invitation.invited_by)}</span>
              ) : null}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate({ invitationId: invitation.id })}
              aria-label={GROUP_TEXTS.revokeFor(invitation.username)}
            >
              <X aria-hidden />
              {GROUP_TEXTS.revoke}
            </Button>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={Boolean(invitations.hasNextPage)}
        loading={invitations.isFetchingNextPage}
        onLoadMore={() => void invitations.fetchNextPage()}
      />
    </section>
  );
}
