import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadError } from '@/components/load-error';
import { Picture } from '@/components/ui/picture';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/i18n';
import { RichText, type RichTextFormat } from '@/lib/rich-text';
import { type HistoryTarget, useEditHistory } from './edit-api';
import { DISCUSSION_TEXTS } from './texts';

/** The versions of a post, comment or blog, newest first (issue 15 §1): who wrote each, when, and its text. */
export function EditHistoryDialog({ target, format, onClose }: { target: HistoryTarget; format: RichTextFormat; onClose: () => void }) {
  const history = useEditHistory(target);
  const versions = history.data?.versions ?? [];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={DISCUSSION_TEXTS.historyTitle} description={DISCUSSION_TEXTS.historyDescription} className="max-w-xl">
        {history.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={DISCUSSION_TEXTS.loadingHistory} />
          </div>
        ) : history.isError ? (
          <LoadError compact message={DISCUSSION_TEXTS.loadHistoryFailed} onRetry={() => history.refetch()} retrying={history.isFetching} />
        ) : (
          <ol className="space-y-4" data-testid="edit-history">
            {versions.map((v) => (
              <li key={v.version} className="rounded-xl border border-line p-3" data-testid="edit-version">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <Picture src={v.profileImage} size="sm" />
                  <span className="font-semibold text-fg">{DISCUSSION_TEXTS.historyVersion(v.version)}</span>
                  {v.current ? (
                    <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-fg">
                      {DISCUSSION_TEXTS.historyCurrent}
                    </span>
                  ) : v.version === 1 ? (
                    <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold text-fg-muted">
                      {DISCUSSION_TEXTS.historyOriginal}
                    </span>
                  ) : null}
                  <span className="text-fg-muted">{DISCUSSION_TEXTS.historyBy(v.username ?? DISCUSSION_TEXTS.historyUnknownAuthor)}</span>
                  <time dateTime={v.date} className="text-fg-subtle">
                    {formatDateTime(new Date(v.date))}
                  </time>
                </div>
                {v.title !== null ? <p className="mt-2 font-semibold break-words text-fg">{v.title}</p> : null}
                <RichText text={v.content} format={format} className="mt-2 text-sm" />
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
