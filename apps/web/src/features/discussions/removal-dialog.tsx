import { useId, useState, type FormEvent } from 'react';
import { REMOVAL_LIMITS } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { REMOVAL_TEXTS } from './texts';

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
