import { Suspense, useRef, useState } from 'react';
import { ArchiveRestore, ShieldX } from 'lucide-react';
import type { RemovalAbilities } from '@agora/contract';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { REMOVAL_TEXTS } from './texts';

// The reason dialog loads on the first Remove (a feed's first load carries no dialog code).
const RemoveDialog = lazyComponent(
  () => import('./removal-dialog'),
  (m) => m.RemoveDialog,
);

/**
 * Removal with a reason (issue 15 §3): the staff's Remove (asking the reason) and Restore buttons, shown where the
 * server's abilities say so (the banner is removal.tsx's). Posts, comments and blogs share them.
 */

type Kind = 'post' | 'comment' | 'blog';
const LABELS: Record<Kind, { remove: string; restore: string }> = {
  post: { remove: REMOVAL_TEXTS.removePost, restore: REMOVAL_TEXTS.restorePost },
  comment: { remove: REMOVAL_TEXTS.removeComment, restore: REMOVAL_TEXTS.restoreComment },
  blog: { remove: REMOVAL_TEXTS.removeBlog, restore: REMOVAL_TEXTS.restoreBlog },
};

/**
 * Remove (opens the reason dialog) and Restore for the staff. `onRemove` gets the reason and a callback to close
 * the dialog once the call settled.
 */
export function RemovalActions({
  kind,
  abilities,
  busy,
  onRemove,
  onRestore,
  buttonClassName,
}: {
  kind: Kind;
  abilities: RemovalAbilities | undefined;
  busy?: boolean;
  onRemove: (reason: string, done: () => void) => void;
  onRestore: () => void;
  buttonClassName: string;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!abilities?.remove && !abilities?.restore) return null;
  const labels = LABELS[kind];
  return (
    <>
      {abilities.remove ? (
        <Tooltip content={labels.remove}>
          <button
            ref={opener}
            type="button"
            aria-label={labels.remove}
            onClick={() => setOpen(true)}
            className={cn(buttonClassName, 'hover:bg-danger-soft hover:text-danger-fg')}
          >
            <ShieldX className="size-4" aria-hidden />
          </button>
        </Tooltip>
      ) : null}
      {abilities.restore ? (
        <Tooltip content={labels.restore}>
          <button type="button" aria-label={labels.restore} disabled={busy} onClick={onRestore} className={buttonClassName}>
            <ArchiveRestore className="size-4" aria-hidden />
          </button>
        </Tooltip>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <RemoveDialog open busy={busy} onOpenChange={setOpen} onConfirm={(reason) => onRemove(reason, () => setOpen(false))} />
        </Suspense>
      ) : null}
    </>
  );
}
