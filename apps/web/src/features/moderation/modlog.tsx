import { ScrollText } from 'lucide-react';
import type { ModlogEntry } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/i18n';
import { useModlog } from './api';
import { MODERATION_TEXTS } from './texts';

/** What one log row says: "{actor} {action} {target}". */
export function modlogSentence(entry: ModlogEntry): string {
  const actor = entry.actor?.username ?? MODERATION_TEXTS.deletedAccount;
  const target =
    entry.target_type === 'group' ? MODERATION_TEXTS.theCommunity : (entry.target_user?.username ?? MODERATION_TEXTS.deletedAccount);
  return `${actor} ${MODERATION_TEXTS.actions[entry.action]} ${target}`;
}

/**
 * The community's moderation log (issue 15 §5), for the owner, admins and moderators: who did what to whom, why and
 * when, newest first, more on request. A plain list in reading order, so a keyboard reaches "Show more" by Tab.
 */
export function ModerationLog({ groupId }: { groupId: number }) {
  const log = useModlog(groupId);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby="modlog-heading" className="rounded-2xl border border-line bg-surface shadow-sm">
      <h2 id="modlog-heading" className="border-b border-line px-4 py-3 text-base font-semibold text-fg sm:px-5">
        {MODERATION_TEXTS.modlog}
      </h2>
      {log.isError ? (
        <LoadError message={MODERATION_TEXTS.modlogLoadFailed} onRetry={() => log.refetch()} retrying={log.isFetching} className="m-4" />
      ) : log.isPending ? null : entries.length === 0 ? (
        <div className="p-4">
          <EmptyState icon={ScrollText} title={MODERATION_TEXTS.modlogEmpty} />
        </div>
      ) : (
        <ol aria-label={MODERATION_TEXTS.modlog} className="divide-y divide-line">
          {entries.map((entry) => (
            <li key={entry.id} className="px-4 py-3 sm:px-5">
              <p className="text-sm break-words text-fg">
                {modlogSentence(entry)}
                {entry.detail ? <span className="text-fg-muted"> · {entry.detail}</span> : null}
              </p>
              {entry.reason ? (
                <p className="text-sm break-words text-fg-muted">
                  {MODERATION_TEXTS.reasonLabel} {entry.reason}
                </p>
              ) : null}
              <p className="text-xs text-fg-muted">
                <time dateTime={entry.created_at}>{formatDateTime(new Date(entry.created_at))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <LoadMore hasMore={Boolean(log.hasNextPage)} loading={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
    </section>
  );
}
