import { ShieldAlert } from 'lucide-react';
import type { RemovedInfo } from '@agora/contract';
import { cn } from '@/lib/cn';
import { REMOVAL_TEXTS } from './texts';

/**
 * Removal with a reason (issue 15 §3) on the web: the banner the author and the staff see on a removed item. The
 * staff's Remove and Restore buttons are in removal-actions.tsx, which a visitor's feed does not load. Posts,
 * comments and blogs share it.
 */

/** "Removed by a moderator: {reason}" on an item the viewer still sees although it is removed. */
export function RemovedBanner({ removed, className }: { removed: RemovedInfo | null | undefined; className?: string }) {
  if (!removed) return null;
  return (
    <p
      role="note"
      data-testid="removed-banner"
      className={cn('flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger-fg', className)}
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">{REMOVAL_TEXTS.banner(removed.reason)}</span>
    </p>
  );
}
