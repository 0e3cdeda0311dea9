import { useState, type FormEvent, type RefObject } from 'react';
import { BAN_DURATIONS, BAN_LIMITS } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { focusOnMount } from '@/lib/forms';
import { useBanMember } from './api';
import { MODERATION_TEXTS } from './texts';

type Duration = (typeof BAN_DURATIONS)[number];

const durationLabel = (days: Duration) =>
  days === null ? MODERATION_TEXTS.permanent : days === 1 ? MODERATION_TEXTS.oneDay : MODERATION_TEXTS.days(days);

/**
 * Ban someone from the community (issue 15 §4): a reason (required) and a duration (1, 7, 30 days or permanent).
 * The server's message is shown as is: a toast when banned, the form's error when refused.
 */
export function BanDialog({
  groupId,
  user,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  groupId: number;
  user: { id: number; username: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<Duration>(7);
  const [error, setError] = useState<string | null>(null);
  const ban = useBanMember(groupId);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    setReason('');
    setDays(7);
    setError(null);
    // The menu item that opened the dialog is gone: focus goes back to the menu's button.
    setTimeout(() => returnFocusTo?.current?.focus(), 0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ban.isPending) return;
    const text = reason.trim();
    if (!text) {
      setError(MODERATION_TEXTS.reasonRequired);
      return;
    }
    setError(null);
    ban.mutate({ userId: user.id, reason: text, days }, { onSuccess: () => close(false) });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={MODERATION_TEXTS.banTitle(user.username)} description={MODERATION_TEXTS.banDescription}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field label={MODERATION_TEXTS.reason} error={error}>
            <Textarea
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error && e.target.value.trim()) setError(null);
              }}
              maxLength={BAN_LIMITS.reasonMax}
              rows={3}
              required
              ref={focusOnMount}
            />
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-fg">{MODERATION_TEXTS.duration}</legend>
            <div className="flex flex-wrap gap-2">
              {BAN_DURATIONS.map((value) => (
                <label
                  key={String(value)}
                  className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 text-sm text-fg has-[:checked]:border-brand-600 has-[:checked]:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name="ban-duration"
                    className="accent-brand-600"
                    checked={days === value}
                    onChange={() => setDays(value)}
                  />
                  {durationLabel(value)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              {MODERATION_TEXTS.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={ban.isPending}>
              {ban.isPending ? MODERATION_TEXTS.banning : MODERATION_TEXTS.banMember}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
