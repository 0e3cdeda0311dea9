import { useState } from 'react';
import { LoadError, loadFailed } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { Skeleton } from '@/components/ui/spinner';
import { formatTimestamp } from '@/lib/time';
import { useBlockedPeople, useUnblockPerson } from './api';
import { BLOCK_TEXTS } from './blocking-texts';
import { SettingsSection } from './section';

/**
 * Issue 15 §6: the people the viewer blocked, newest first, each with Unblock. Its own query (GET
 * /api/users/blocked): account is the lowest feature and imports nothing of profiles.
 */
export function BlockedSection() {
  const blocked = useBlockedPeople();
  const unblock = useUnblockPerson();
  const [pending, setPending] = useState<number | null>(null);
  const [now] = useState(() => new Date());
  const people = blocked.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <SettingsSection id="settings-blocked" title={BLOCK_TEXTS.heading} intro={BLOCK_TEXTS.intro}>
      {blocked.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : loadFailed(blocked) ? (
        <LoadError message={BLOCK_TEXTS.loadFailed} onRetry={() => void blocked.refetch()} />
      ) : people.length === 0 ? (
        <p className="text-sm text-fg-subtle">{BLOCK_TEXTS.none}</p>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-xl border border-line" aria-label={BLOCK_TEXTS.heading}>
            {people.map((person) => (
              <li key={person.id} className="flex items-center gap-3 px-4 py-3">
                <Picture src={person.profileImage} size="md" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-fg">{person.username}</p>
                  <p className="text-xs text-fg-subtle">
                    <time dateTime={person.blockedAt}>{BLOCK_TEXTS.blockedOn(formatTimestamp(person.blockedAt, now, 'desktop'))}</time>
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={BLOCK_TEXTS.unblockNamed(person.username)}
                  disabled={unblock.isPending && pending === person.id}
                  onClick={() => {
                    setPending(person.id);
                    unblock.mutate(person.id);
                  }}
                >
                  {BLOCK_TEXTS.unblock}
                </Button>
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={blocked.hasNextPage && !blocked.isFetchNextPageError}
            loading={blocked.isFetchingNextPage}
            onLoadMore={() => void blocked.fetchNextPage()}
            label={BLOCK_TEXTS.showMore}
          />
        </>
      )}
    </SettingsSection>
  );
}
