import { Users } from 'lucide-react';
import type { Group } from '@agora/contract';
import { LoadError, loadFailed, type RetryableQuery } from '@/components/load-error';
import { Skeleton } from '@/components/ui/spinner';
import { useJoinedGroups, useMyGroups, type ListOwner } from './api';
import { GroupRow } from './group-row';
import { GROUP_TEXTS } from './texts';

/**
 * The profile panel's Communities tab (SPEC §2): "Created communities" and "Joined communities" with counts and
 * their empty texts. Joined lists only communities the person does not own (those are under Created).
 */
export function ProfileGroups({ userId, own }: { userId: number; own: boolean }) {
  const owner: ListOwner = own ? 'me' : userId;
  const mine = useMyGroups(owner);
  const joined = useJoinedGroups(owner);
  const joinedOnly = (joined.data?.groups ?? []).filter((g) => g.owner_id !== userId);
  return (
    <div className="space-y-7">
      <Block
        title={GROUP_TEXTS.createdCommunities}
        loading={mine.isPending}
        query={mine}
        groups={mine.data?.groups ?? []}
        empty={GROUP_TEXTS.noCreatedProfile}
      />
      <Block
        title={GROUP_TEXTS.joinedCommunities}
        loading={joined.isPending}
        query={joined}
        groups={joinedOnly}
        empty={GROUP_TEXTS.noJoinedProfile}
      />
    </div>
  );
}

interface BlockProps {
  title: string;
  loading: boolean;
  query: RetryableQuery;
  groups: Group[];
  empty: string;
}

function Block({ title, loading, query, groups, empty }: BlockProps) {
  const failed = loadFailed(query);
  return (
    <section className="space-y-2.5">
      <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wider text-fg-muted uppercase">
        <Users className="size-4 text-accent-fg" aria-hidden />
        {title}
        <span className="rounded-full bg-surface-muted px-2 py-0.5 text-[11px] font-semibold text-fg-muted tabular-nums">
          {loading || failed ? '…' : groups.length}
        </span>
      </h3>
      {loading ? (
        <Skeleton className="h-14 w-full" />
      ) : failed ? (
        <LoadError compact message={GROUP_TEXTS.listLoadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : groups.length === 0 ? (
        <p className="text-sm text-fg-subtle italic">{empty}</p>
      ) : (
        <ul className="space-y-1">
          {groups.map((group) => (
            <GroupRow key={group.id} group={group} />
          ))}
        </ul>
      )}
    </section>
  );
}
