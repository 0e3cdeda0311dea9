import { Suspense, useState } from 'react';
import { Flag } from 'lucide-react';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { useSession } from '@/lib/session';
import { REPORT_TEXTS } from './report-texts';
import type { ReportTargetProps } from './report-target';

export type { ReportTargetProps } from './report-target';

// The dialog (and the calls behind it) load on the first press: a feed's first load carries no dialog code.
const ReportDialog = lazyComponent(
  () => import('./report-dialog'),
  (m) => m.ReportDialog,
);

/**
 * "Report" (issue 15 §2) for signed-in people who are not the author: a flag button that opens the dialog. Renders
 * nothing for visitors and on one's own items.
 */
export function ReportButton({ className, showLabel = false, ...target }: ReportTargetProps & { className?: string; showLabel?: boolean }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  if (!session || target.authorId === null || target.authorId === session.userId) return null;
  return (
    <>
      <button
        type="button"
        aria-label={REPORT_TEXTS.reportLabel[target.targetType](target.name)}
        title={REPORT_TEXTS.report}
        onClick={(event) => {
          // Opened from inside a dialog (the post panel): put it inside that one, whose focus trap would take
          // focus back from a dialog elsewhere in the page.
          setContainer(event.currentTarget.closest<HTMLElement>('[role="dialog"]'));
          setOpen(true);
        }}
        className={cn(
          'inline-flex h-8 items-center justify-center gap-1.5 rounded-lg px-2 text-sm text-fg-subtle transition-colors',
          'hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          className,
        )}
      >
        <Flag className="size-4" aria-hidden />
        {showLabel ? <span>{REPORT_TEXTS.report}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog {...target} open container={container} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
