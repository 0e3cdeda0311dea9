import { useId, useState } from 'react';
import { ChevronDown, Flag } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useOpenReportCount } from './api';
import { ReportQueueView } from './report-queue';
import { MODERATION_TEXTS } from './texts';

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

/**
 * The community page's "Reports (n)" section for its staff (issue 15 §2): a toggle whose name carries the open
 * count (live), and the queue under it.
 */
export function ReportsSection({ groupId }: { groupId: number }) {
  const [open, setOpen] = useState(false);
  const count = useOpenReportCount(groupId).data ?? 0;
  const regionId = useId();
  return (
    <section aria-labelledby={`${regionId}-heading`} className="rounded-2xl border border-line bg-surface shadow-sm">
      <h2 id={`${regionId}-heading`} className="text-base font-semibold text-fg">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((was) => !was)}
          className={cn(
            'flex w-full items-center gap-2 rounded-2xl px-4 py-3 text-left transition-colors hover:bg-surface-muted sm:px-5',
            'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          )}
        >
          <Flag className="size-4 text-fg-muted" aria-hidden />
          {/* The name is "Reports (n)"; the eye reads the count in the badge. */}
          <span>
            {MODERATION_TEXTS.tab}
            <span className="sr-only">{MODERATION_TEXTS.countAside(count)}</span>
          </span>
          <ReportsBadge groupId={groupId} />
          <ChevronDown className={cn('ml-auto size-4 text-fg-muted transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h2>
      {open ? (
        <div id={regionId} className="border-t border-line px-4 py-4 sm:px-5">
          <p className="mb-3 text-sm text-fg-subtle">{MODERATION_TEXTS.queueIntro}</p>
          <ReportQueueView groupId={groupId} />
        </div>
      ) : null}
    </section>
  );
}
