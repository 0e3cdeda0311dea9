import { useSearchParams } from 'react-router';
import { Flag } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useOpenReportCount } from './api';
import { ReportQueueView } from './report-queue';
import { REPORT_TEXTS } from './report-texts';

/** The search parameter that opens the staff's queue on the community page (any tab). */
export const REPORTS_PARAM = 'reports';
const PANEL_ID = 'community-reports';

/** The "Reports (n)" badge: the open count, live from `report_count` pushes. */
export function ReportsBadge({ groupId }: { groupId: number }) {
  const count = useOpenReportCount(groupId).data ?? 0;
  if (count === 0) return null;
  return (
    <span
      aria-hidden
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-danger-fg px-1.5 text-xs font-semibold text-surface tabular-nums"
    >
      {count}
    </span>
  );
}

function useReportsOpen() {
  const [params, setParams] = useSearchParams();
  const open = params.has(REPORTS_PARAM);
  const setOpen = (next: boolean) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(REPORTS_PARAM, '');
        else copy.delete(REPORTS_PARAM);
        return copy;
      },
      { replace: true },
    );
  return [open, setOpen] as const;
}

/**
 * The staff's "Reports (n)" tab on the community page's section bar (issue 15 §2): it shows and hides the queue
 * (`?reports`), and its name carries the open count, live.
 */
export function ReportsTab({ groupId }: { groupId: number }) {
  const [open, setOpen] = useReportsOpen();
  const count = useOpenReportCount(groupId).data ?? 0;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? PANEL_ID : undefined}
      onClick={() => setOpen(!open)}
      className={cn(
        'relative inline-flex h-12 items-center gap-1.5 border-b-2 px-2.5 text-sm font-semibold transition-colors sm:px-3',
        'focus-visible:rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
        open ? 'border-brand-600 text-accent-fg' : 'border-transparent text-fg-muted hover:text-fg',
      )}
    >
      <Flag className="size-4" aria-hidden />
      {/* The name is "Reports (n)"; the eye reads the count in the badge. */}
      <span>
        {REPORT_TEXTS.tab}
        <span className="sr-only">{REPORT_TEXTS.countAside(count)}</span>
      </span>
      <ReportsBadge groupId={groupId} />
    </button>
  );
}

/** The queue under the community's header while the Reports tab is open. */
export function ReportsPanel({ groupId }: { groupId: number }) {
  const [open] = useReportsOpen();
  if (!open) return null;
  return (
    <section id={PANEL_ID} aria-labelledby={`${PANEL_ID}-heading`} className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <h2 id={`${PANEL_ID}-heading`} className="text-lg font-semibold tracking-tight text-fg">
        {REPORT_TEXTS.queueHeading}
      </h2>
      <p className="mt-1 mb-4 text-sm text-fg-subtle">{REPORT_TEXTS.queueIntro}</p>
      <ReportQueueView groupId={groupId} />
    </section>
  );
}
