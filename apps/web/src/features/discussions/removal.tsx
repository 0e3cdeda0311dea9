import { useId, useRef, useState, type FormEvent } from 'react';
import { ArchiveRestore, ShieldAlert, ShieldX } from 'lucide-react';
import { REMOVAL_LIMITS, type RemovalAbilities, type RemovedInfo } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { REMOVAL_TEXTS } from './texts';

/**
 * Removal with a reason (issue 15 §3) on the web: the banner the author and the staff see on a removed item, and
 * the staff's Remove (asking the reason) and Restore buttons, shown where the server's abilities say so. Posts,
 * comments and blogs share them.
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

type Kind = 'post' | 'comment' | 'blog';
const LABELS: Record<Kind, { remove: string; restore: string }> = {
  post: { remove: REMOVAL_TEXTS.removePost, restore: REMOVAL_TEXTS.restorePost },
  comment: { remove: REMOVAL_TEXTS.removeComment, restore: REMOVAL_TEXTS.restoreComment },
  blog: { remove: REMOVAL_TEXTS.removeBlog, restore: REMOVAL_TEXTS.restoreBlog },
};

/** The reason dialog: required, at most REMOVAL_LIMITS.reasonMax characters; Remove sends it. */
export function RemoveDialog({
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy?: boolean;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reason.trim() === '') {
      setError(REMOVAL_TEXTS.reasonRequired);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('');
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title={REMOVAL_TEXTS.dialogTitle} description={REMOVAL_TEXTS.dialogText} hideClose>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label={REMOVAL_TEXTS.reason} error={error} announce>
            <textarea
              id={`${id}-reason`}
              rows={3}
              value={reason}
              maxLength={REMOVAL_LIMITS.reasonMax}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(null);
              }}
              className="w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {REMOVAL_TEXTS.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {REMOVAL_TEXTS.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

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
        <RemoveDialog open busy={busy} onOpenChange={setOpen} onConfirm={(reason) => onRemove(reason, () => setOpen(false))} />
      ) : null}
    </>
  );
}
