import { Suspense, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import type { RichTextFormat } from '@/lib/rich-text';
import { formatTimestamp } from '@/lib/time';
import type { HistoryTarget } from './edit-api';
import { DISCUSSION_TEXTS } from './texts';
import { useNow, useViewport } from './timestamp';

// The dialog (Radix) loads with its first use: most readers never open a history.
const EditHistoryDialog = lazyComponent(
  () => import('./edit-history-dialog'),
  (m) => m.EditHistoryDialog,
);

interface EditedMarkProps {
  /** The item's `edited_at` (null: never edited, nothing is shown). */
  editedAt: string | null;
  target: HistoryTarget;
  /** How the versions' text is rendered (the item's own format). */
  format: RichTextFormat;
  className?: string;
}

/**
 * "edited 5m" on a post, comment or blog (issue 15 §1): the time of the last edit by the SPEC §9 rules, the full
 * date on hover, and a button that opens the edit history.
 */
export function EditedMark({ editedAt, target, format, className }: EditedMarkProps) {
  const now = useNow();
  const viewport = useViewport();
  const [open, setOpen] = useState(false);
  if (!editedAt) return null;
  const date = new Date(editedAt);
  if (Number.isNaN(date.getTime())) return null;
  const time = formatTimestamp(editedAt, now, viewport);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={DISCUSSION_TEXTS.showHistory(time)}
        aria-haspopup="dialog"
        title={formatDateTime(date)}
        data-testid="edited-mark"
        className={cn(
          'rounded-md underline decoration-dotted underline-offset-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
      >
        {DISCUSSION_TEXTS.editedAt(time)}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <EditHistoryDialog target={target} format={format} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
