import { UserX } from 'lucide-react';
import type { Ban } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/i18n';
import { useBans, useUnban } from './api';
import { MODERATION_TEXTS } from './texts';

/** The bans in force (issue 15 §4), for the owner, admins and moderators: who, by whom, why, until when; Unban. */
export function BannedList({ groupId }: { groupId: number }) {
  const bans = useBans(groupId);
  const unban = useUnban(groupId);
  const list = bans.data?.pages.flatMap((p) => p.bans) ?? [];
  return (
    <section aria-labelledby="banned-heading" className="rounded-2xl border border-line bg-surface shadow-sm">
      <h2 id="banned-heading" className="border-b border-line px-4 py-3 text-base font-semibold text-fg sm:px-5">
        {MODERATION_TEXTS.banned}
        {list.length > 0 ? (
          <span className="text-fg-muted">
            {' '}
            ({list.length}
            {bans.hasNextPage ? '+' : ''})
          </span>
        ) : null}
      </h2>
      {bans.isError ? (
        <LoadError message={MODERATION_TEXTS.bansLoadFailed} onRetry={() => bans.refetch()} retrying={bans.isFetching} className="m-4" />
      ) : bans.isPending ? null : list.length === 0 ? (
        <p className="px-4 py-3 text-sm text-fg-muted sm:px-5">{MODERATION_TEXTS.noBans}</p>
      ) : (
        <ul className="divide-y divide-line">
          {list.map((ban) => (
            <BanRow key={ban.user.id} ban={ban} busy={unban.isPending} onUnban={() => unban.mutate({ userId: ban.user.id })} />
          ))}
        </ul>
      )}
      <LoadMore hasMore={Boolean(bans.hasNextPage)} loading={bans.isFetchingNextPage} onLoadMore={() => void bans.fetchNextPage()} />
    </section>
  );
}

function BanRow({ ban, busy, onUnban }: { ban: Ban; busy: boolean; onUnban: () => void }) {
  const until = ban.until ? MODERATION_TEXTS.until(formatDateTime(new Date(ban.until))) : MODERATION_TEXTS.forever;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
      <UserX className="size-5 shrink-0 text-fg-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-fg">{ban.user.username}</p>
        <p className="text-xs break-words text-fg-muted">
          {until}
          {ban.banned_by ? ` · ${MODERATION_TEXTS.bannedBy(ban.banned_by.username)}` : ''} · {ban.reason}
        </p>
      </div>
      <Button size="sm" variant="outline" disabled={busy} onClick={onUnban} aria-label={MODERATION_TEXTS.unbanUser(ban.user.username)}>
        {MODERATION_TEXTS.unban}
      </Button>
    </li>
  );
}
