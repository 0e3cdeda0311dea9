import { useId, useRef, useState, type FormEvent } from 'react';
import { REPORT_LIMITS, REPORT_REASONS, type ReportReason } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toastSuccess } from '@/lib/toast';
import { useFileReport } from './api';
import type { ReportTargetProps } from './report-target';
import { REPORT_TEXTS } from './report-texts';

/** The Report dialog, loaded on the first press of a Report button (report-button.tsx). */
export function ReportDialog({
  open,
  onOpenChange,
  container,
  ...target
}: ReportTargetProps & { open: boolean; onOpenChange: (open: boolean) => void; container: HTMLElement | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <ReportDialogBody {...target} container={container} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

/** The dialog's content: the reasons as radio buttons, an optional note with its counter, Send. */
export function ReportDialogBody({
  targetType,
  targetId,
  groupId,
  container,
  onDone,
}: ReportTargetProps & { container: HTMLElement | null; onDone: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState(false);
  const file = useFileReport();
  const legendId = useId();
  const firstRadio = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file.isPending) return;
    setError(null);
    if (!reason) {
      setReasonError(true);
      firstRadio.current?.focus();
      return;
    }
    const trimmed = note.trim();
    file.mutate(
      { target_type: targetType, target_id: targetId, group_id: groupId, reason, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: (answer) => {
          onDone();
          void toastSuccess(answer.message);
        },
        onError: (failure) => setError(errorMessage(failure, REPORT_TEXTS.sendFailed)),
      },
    );
  };

  return (
    <DialogContent title={REPORT_TEXTS.dialogTitle[targetType]} description={REPORT_TEXTS.dialogHint} container={container}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? (
          <div role="alert" className="rounded-lg border border-danger-fg/30 bg-danger-soft px-3 py-2.5 text-sm text-danger-fg">
            {error}
          </div>
        ) : null}
        <fieldset aria-labelledby={legendId} aria-describedby={reasonError ? `${legendId}-error` : undefined}>
          <legend id={legendId} className="text-sm font-medium text-fg">
            {REPORT_TEXTS.reasonLegend}
          </legend>
          <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
            {REPORT_REASONS.map((value, index) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg border px-3 text-sm text-fg transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                  reason === value ? 'border-brand-600 bg-accent-soft' : 'border-line hover:bg-surface-muted',
                )}
              >
                <input
                  ref={index === 0 ? firstRadio : undefined}
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setReasonError(false);
                  }}
                  className="size-4 accent-brand-600"
                />
                {REPORT_TEXTS.reasons[value]}
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id={`${legendId}-error`} role="alert" className="mt-1.5 text-sm text-danger-fg">
              {REPORT_TEXTS.chooseReason}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={REPORT_TEXTS.noteLabel}
          hint={REPORT_TEXTS.noteHint}
          aside={<span className="tabular-nums">{REPORT_TEXTS.counter(note.length, REPORT_LIMITS.noteMax)}</span>}
        >
          <Textarea
            name="note"
            rows={3}
            maxLength={REPORT_LIMITS.noteMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            disabled={file.isPending}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onDone}>
            {REPORT_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={file.isPending}>
            {file.isPending ? REPORT_TEXTS.sending : REPORT_TEXTS.send}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
