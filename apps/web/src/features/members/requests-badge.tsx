import { useJoinRequests } from './api';
import { GROUP_TEXTS } from '@/features/groups/public';

/**
 * The Members tab's badge for staff of a private community: how many people wait for an answer (issue 12 §2.2).
 * It reads the same first page the Members tab's request list shows ("20+" when there are more pages).
 */
export function RequestsBadge({ groupId }: { groupId: number }) {
  const requests = useJoinRequests(groupId, true);
  const first = requests.data?.pages[0];
  const count = requests.data?.pages.reduce((n, p) => n + p.requests.length, 0) ?? 0;
  if (!first || count === 0) return null;
  const more = Boolean(requests.data?.pages.at(-1)?.nextCursor);
  const label = `${count}${more ? '+' : ''}`;
  return (
    <>
      {/* The number is part of the link's name (label in name, WCAG 2.5.3); the words after it only for screen readers. */}{' '}
      <span className="ml-1.5 rounded-full bg-danger px-1.5 py-0.5 text-xs leading-none font-semibold text-white tabular-nums">
        {label}
      </span>{' '}
      <span className="sr-only">{GROUP_TEXTS.pendingRequests(more ? count + 1 : count)}</span>
    </>
  );
}
