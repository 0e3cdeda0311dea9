import { Check, X } from 'lucide-react';
import { LoadMore } from '@/components/load-more';
import { Picture } from '@/components/ui/picture';
import { Button } from '@/components/ui/button';
import { useProfilePanel } from '@/features/profiles/public';
import { useApproveRequest, useDeclineRequest, useJoinRequests } from './api';
import { GROUP_TEXTS } from '@/features/groups/public';

/** Pending requests to join (private communities), for the owner, admins and moderators: Approve or Decline. */
export function JoinRequests({ groupId }: { groupId: number }) {
  const requests = useJoinRequests(groupId, true);
  const approve = useApproveRequest(groupId);
  const decline = useDeclineRequest(groupId);
  const profile = useProfilePanel();
  const list = requests.data?.pages.flatMap((p) => p.requests) ?? [];
  if (list.length === 0) return null;
  const busy = approve.isPending || decline.isPending;
  return (
    <section aria-labelledby="requests-heading" className="rounded-2xl border border-line bg-surface shadow-sm">
      <h2 id="requests-heading" className="border-b border-line px-4 py-3 text-base font-semibold text-fg sm:px-5">
        {GROUP_TEXTS.joinRequests}{' '}
        <span className="text-fg-muted">
          ({list.length}
          {requests.hasNextPage ? '+' : ''})
        </span>
      </h2>
      <ul className="divide-y divide-line">
        {list.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
            <Picture src={request.profileImage} size="md" />
            <div className="min-w-0 flex-1">
              {/* The name opens the profile, as names do everywhere (issue 12 §2.14): staff see who asks first. */}
              <button
                type="button"
                onClick={() => profile.open(request.id)}
                className="flex min-h-6 max-w-full rounded-md text-left font-medium text-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="truncate">{request.username}</span>
              </button>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={busy}
                onClick={() => approve.mutate({ userId: request.id })}
                aria-label={GROUP_TEXTS.approveUser(request.username)}
              >
                <Check aria-hidden />
                {GROUP_TEXTS.approve}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => decline.mutate({ userId: request.id })}
                aria-label={GROUP_TEXTS.declineUser(request.username)}
              >
                <X aria-hidden />
                {GROUP_TEXTS.decline}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={Boolean(requests.hasNextPage)}
        loading={requests.isFetchingNextPage}
        onLoadMore={() => void requests.fetchNextPage()}
      />
    </section>
  );
}
