import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { ACCOUNT_MESSAGES, appPaths } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useDeleteAccount, useSignOutHere } from './api';
import { SettingsSection } from './section';
import { ACCOUNT_TEXTS } from './texts';

/**
 * Issue 14 §8: "Delete my account" opens a confirmation that names what happens, asks for the password and
 * whether what the person posted goes too. The server's refusal (a wrong password, a community still owned) shows
 * as it is written; on success this device signs out and goes home with the server's message.
 */
export function DeleteSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="settings-delete" title={ACCOUNT_TEXTS.deleteHeading} intro={ACCOUNT_TEXTS.deleteIntro}>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        {ACCOUNT_TEXTS.deleteOpen}
      </Button>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </SettingsSection>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [deleteContent, setDeleteContent] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const signOutHere = useSignOutHere();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const contentId = useId();
  const busy = remove.isPending;
  // The server's answer once the account is gone: the sign-out and its toast happen as the settings page unmounts.
  const deleted = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (deleted.current === null) return;
      signOutHere();
      void toastSuccess(deleted.current);
    },
    [signOutHere],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!password) {
      setPasswordError(ACCOUNT_MESSAGES.currentPasswordRequired);
      form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
      return;
    }
    setPasswordError(null);
    remove.mutate(
      { password, deleteContent },
      {
        onSuccess: (answer) => {
          // Leave the signed-in page first; this device signs out once the page is gone (below). Signing out here
          // would show a visitor's /settings, which sends them to /login, while home (Explore for a visitor) loads.
          deleted.current = answer.message;
          void navigate(appPaths.home(), { replace: true });
        },
        onError: (error) => {
          const fields: Record<string, string | undefined> = error instanceof ApiError ? error.fields : {};
          const own = fields.password ?? fields.currentPassword;
          if (own) {
            setPasswordError(own);
            form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
          } else setFormError(errorMessage(error, ACCOUNT_TEXTS.deleteFailed));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <DialogContent title={ACCOUNT_TEXTS.deleteTitle} description={ACCOUNT_TEXTS.deleteDescription}>
        <form ref={form} noValidate onSubmit={submit} className="space-y-4">
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-fg">
            <li>{ACCOUNT_TEXTS.deleteSessions}</li>
            <li>{ACCOUNT_TEXTS.deleteRemoved}</li>
            <li>{ACCOUNT_TEXTS.deletePosts}</li>
            <li>{ACCOUNT_TEXTS.deleteUsername}</li>
          </ul>
          {formError ? (
            <div role="alert" className="rounded-lg border border-danger-fg/30 bg-danger-soft px-3 py-2.5 text-sm text-danger-fg">
              {formError}
            </div>
          ) : null}
          <div className="space-y-1">
            <label className="flex cursor-pointer items-start gap-3 text-sm font-medium text-fg">
              <input
                type="checkbox"
                name="deleteContent"
                checked={deleteContent}
                onChange={(e) => setDeleteContent(e.target.checked)}
                disabled={busy}
                aria-describedby={contentId}
                className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-line-strong accent-brand-600 dark:accent-brand-400"
              />
              <span>{ACCOUNT_TEXTS.deleteContent}</span>
            </label>
            <p id={contentId} className="pl-7 text-sm text-fg-subtle">
              {ACCOUNT_TEXTS.deleteContentHint}
            </p>
          </div>
          <Field label={ACCOUNT_TEXTS.deletePasswordLabel} error={passwordError}>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {ACCOUNT_TEXTS.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              <Trash2 aria-hidden />
              {busy ? ACCOUNT_TEXTS.deleting : ACCOUNT_TEXTS.deleteConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
