import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Ban, Check, ExternalLink, Trash2 } from 'lucide-react';
import { REPORT_LIMITS, REPORT_REASONS, type ReportAction, type ReportGroup, type ReportStatus } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Picture } from '@/components/ui/picture';
import { Skeleton } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { COMMENT_FORMAT, RichText } from '@/lib/rich-text';
import { formatTimestamp } from '@/lib/time';
import { toastSuccess } from '@/lib/toast';
import { useReportQueue, useResolveReport, useSiteReports } from './api';
import { REPORT_TEXTS } from './report-texts';

const BAN_DURATIONS = ['1', '7', '30', 'forever'] as const;
type BanDuration = (typeof BAN_DURATIONS)[number];
const ACTION_ICONS = { dismiss: Check, remove: Trash2, ban: Ban } as const;

function when(value: string, now: Date): string {
  return formatTimestamp(value, now, 'desktop');
}

/** What a report is about, in a few words, for accessible names ("Comment by @ada"). */
function describe(item: ReportGroup): string {
  const kind = REPORT_TEXTS.targets[item.target_type];
  return item.author ? `${kind} ${REPORT_TEXTS.by(item.author.username)}` : kind;
}

/** One reported item (issue 15 §2): what it is now, who wrote it, how many reported it and why, and the actions. */
export function ReportItem({ item, now, showCommunity = false }: { item: ReportGroup; now: Date; showCommunity?: boolean }) {
  const [action, setAction] = useState<ReportAction | null>(null);
  const headingId = useId();
  const reasons = REPORT_REASONS.filter((reason) => (item.reasons[reason] ?? 0) > 0);
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-line bg-surface p-4">
        <header className="flex flex-wrap items-start gap-3">
          <Picture src={item.author?.profile_image ?? null} size="sm" />
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="text-sm font-semibold text-fg">
              {REPORT_TEXTS.targets[item.target_type]}{' '}
              <span className="font-normal text-fg-muted">
                {item.author ? REPORT_TEXTS.by(item.author.username) : REPORT_TEXTS.accountGone}
              </span>
            </h3>
            <p className="text-xs text-fg-subtle">
              {showCommunity ? `${REPORT_TEXTS.inCommunity(item.group_name)} · ` : null}
              <time dateTime={item.last_reported}>{when(item.last_reported, now)}</time>
            </p>
          </div>
          {item.link ? (
            <Link
              to={item.link}
              className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {REPORT_TEXTS.openItem}
              <span className="sr-only"> ({describe(item)})</span>
              <ExternalLink className="size-3.5" aria-hidden />
            </Link>
          ) : null}
        </header>
        <div className="mt-3 rounded-lg bg-surface-muted px-3 py-2 text-sm break-words text-fg">
          {item.title ? <p className="font-medium">{item.title}</p> : null}
          {item.text ? (
            <div className="line-clamp-6">
              <RichText text={item.text} format={COMMENT_FORMAT} className="text-sm" />
            </div>
          ) : item.target_type === 'user' ? (
            <p>@{item.author?.username}</p>
          ) : (
            <p className="text-fg-subtle italic">{REPORT_TEXTS.gone}</p>
          )}
        </div>
        <p className="mt-3 text-sm font-medium text-fg">{REPORT_TEXTS.reportedBy(item.count)}</p>
        <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={REPORT_TEXTS.reasonsLabel}>
          {reasons.map((reason) => (
            <li key={reason} className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-fg">
              {REPORT_TEXTS.reasonCount(REPORT_TEXTS.reasons[reason], item.reasons[reason] ?? 0)}
            </li>
          ))}
        </ul>
        <ul className="mt-3 space-y-2" aria-label={REPORT_TEXTS.reportersLabel}>
          {item.reports.map((report) => (
            <li key={report.id} className="flex gap-2 text-sm">
              <Picture src={report.reporter.profile_image} size="xs" />
              <div className="min-w-0">
                <p className="text-fg">
                  <span className="font-medium">@{report.reporter.username}</span>
                  <span className="text-fg-muted"> · {REPORT_TEXTS.reasons[report.reason]} · </span>
                  <time dateTime={report.created} className="text-xs text-fg-subtle">
                    {when(report.created, now)}
                  </time>
                </p>
                {report.note ? <p className="break-words whitespace-pre-line text-fg-muted">{report.note}</p> : null}
              </div>
            </li>
          ))}
        </ul>
        {item.resolution ? (
          <p className="mt-3 rounded-lg border border-line px-3 py-2 text-sm text-fg">
            <span className="font-medium">
              {REPORT_TEXTS.resolution(REPORT_TEXTS.resolutionActions[item.resolution.action], item.resolution.by)}
            </span>
            {' · '}
            <time dateTime={item.resolution.at} className="text-fg-subtle">
              {when(item.resolution.at, now)}
            </time>
            <span className="block break-words text-fg-muted">{item.resolution.reason}</span>
          </p>
        ) : (
          <div className="mt-4 flex flex-wrap gap-2">
            {(['dismiss', 'remove', 'ban'] as const).map((value) => {
              const Icon = ACTION_ICONS[value];
              return (
                <Button
                  key={value}
                  variant={value === 'dismiss' ? 'outline' : 'danger'}
                  size="sm"
                  aria-label={REPORT_TEXTS.actionNamed(REPORT_TEXTS.actions[value], describe(item))}
                  onClick={() => setAction(value)}
                >
                  <Icon className="size-4" aria-hidden />
                  {REPORT_TEXTS.actions[value]}
                </Button>
              );
            })}
          </div>
        )}
      </article>
      <Dialog open={action !== null} onOpenChange={(open) => (open ? null : setAction(null))}>
        {action ? <ResolveDialog item={item} action={action} onDone={() => setAction(null)} /> : null}
      </Dialog>
    </li>
  );
}

/** The reason (and for a ban, the duration) an action asks for; the server's answer is shown as it comes. */
function ResolveDialog({ item, action, onDone }: { item: ReportGroup; action: ReportAction; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<BanDuration>('7');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resolve = useResolveReport();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const durationId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resolve.isPending) return;
    setError(null);
    if (!reason.trim()) {
      setFieldError(REPORT_TEXTS.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    setFieldError(null);
    const days = action === 'ban' && duration !== 'forever' ? { days: Number(duration) } : {};
    resolve.mutate(
      { id: item.id, groupId: item.group_id, body: { action, reason: reason.trim(), ...days } },
      {
        onSuccess: (answer) => {
          onDone();
          void toastSuccess(answer.message);
        },
        onError: (failure) => setError(errorMessage(failure, REPORT_TEXTS.resolveFailed)),
      },
    );
  };

  return (
    <DialogContent title={REPORT_TEXTS.resolveTitle[action]} description={REPORT_TEXTS.resolveHint[action]}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? (
          <div role="alert" className="rounded-lg border border-danger-fg/30 bg-danger-soft px-3 py-2.5 text-sm text-danger-fg">
            {error}
          </div>
        ) : null}
        <Field label={REPORT_TEXTS.reasonLabel} error={fieldError}>
          <Textarea
            ref={reasonRef}
            // The dialog is about this one field: it starts there rather than on the close button.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            name="reason"
            rows={3}
            maxLength={REPORT_LIMITS.reasonMax}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={resolve.isPending}
          />
        </Field>
        {action === 'ban' ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={durationId} className="text-sm font-medium text-fg">
              {REPORT_TEXTS.durationLabel}
            </label>
            <select
              id={durationId}
              value={duration}
              disabled={resolve.isPending}
              onChange={(event) => setDuration(event.target.value as BanDuration)}
              className="h-10 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            >
              {BAN_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {REPORT_TEXTS.durations[d]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onDone}>
            {REPORT_TEXTS.cancel}
          </Button>
          <Button type="submit" variant={action === 'dismiss' ? 'primary' : 'danger'} disabled={resolve.isPending}>
            {resolve.isPending ? REPORT_TEXTS.confirming : REPORT_TEXTS.actions[action]}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

function ReportList({
  query,
  empty,
  now,
  showCommunity,
}: {
  query: ReturnType<typeof useSiteReports>;
  empty: string;
  now: Date;
  showCommunity?: boolean;
}) {
  if (query.isPending) return <Skeleton className="h-32 w-full" />;
  if (query.isError) return <LoadError message={REPORT_TEXTS.loadFailed} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.reports);
  if (items.length === 0) return <p className="text-sm text-fg-subtle">{empty}</p>;
  return (
    <>
      <ul className="space-y-3">
        {items.map((item) => (
          <ReportItem key={`${item.target_type}:${item.target_id}:${item.id}`} item={item} now={now} showCommunity={showCommunity} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button variant="outline" className="mt-4" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? REPORT_TEXTS.loadingMore : REPORT_TEXTS.loadMore}
        </Button>
      ) : null}
    </>
  );
}

/** A community's queue for its staff: Open / Resolved, each item with its actions. */
export function ReportQueueView({ groupId }: { groupId: number }) {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [now] = useState(() => new Date());
  const query = useReportQueue(groupId, status);
  return (
    <div className="space-y-4">
      <div role="group" aria-label={REPORT_TEXTS.statusLabel} className="inline-flex rounded-lg border border-line p-0.5">
        {(['open', 'resolved'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cn(
              'h-8 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              status === value ? 'bg-brand-600 text-white' : 'text-fg-muted hover:text-fg',
            )}
          >
            {REPORT_TEXTS[value]}
          </button>
        ))}
      </div>
      <ReportList query={query} empty={status === 'open' ? REPORT_TEXTS.noneOpen : REPORT_TEXTS.noneResolved} now={now} />
    </div>
  );
}

/** The site admins' queue (/admin): every community's open reports, with the community's name. */
export function SiteReportQueue() {
  const [now] = useState(() => new Date());
  const query = useSiteReports();
  return <ReportList query={query} empty={REPORT_TEXTS.noneOpen} now={now} showCommunity />;
}
