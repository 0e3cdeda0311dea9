import { useRef, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, LIMITS, ACCOUNT_MESSAGES, type AccountState } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, useFormValues } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { PasswordInput } from '@/components/ui/password-input';
import { useChangeEmail, useChangePassword } from './api';
import { SettingsSection } from './section';
import { ACCOUNT_TEXTS } from './texts';

type Errors<K extends string> = Partial<Record<K, string>>;

function FormMessage({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger-fg/30 bg-danger-soft px-3 py-2.5 text-sm text-danger-fg">
      {message}
    </div>
  );
}

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export function validatePasswordChange(values: Record<PasswordField, string>): Errors<PasswordField> {
  const errors: Errors<PasswordField> = {};
  if (!values.currentPassword) errors.currentPassword = ACCOUNT_MESSAGES.currentPasswordRequired;
  if (!values.newPassword) errors.newPassword = AUTH_MESSAGES.passwordRequired;
  else if (values.newPassword.length < LIMITS.passwordMin) errors.newPassword = AUTH_MESSAGES.passwordTooShort;
  else if (values.newPassword.length > LIMITS.passwordMax) errors.newPassword = AUTH_MESSAGES.passwordTooLong;
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

const EMPTY_PASSWORDS: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
  const { values, set, reset } = useFormValues(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Errors<PasswordField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = validatePasswordChange(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current, PASSWORD_FIELDS, new Set(Object.keys(found)));
      return;
    }
    change.mutate(values, {
      onSuccess: (answer) => {
        reset();
        void toastSuccess(answer.message);
      },
      onError: (error) => {
        const fields: Record<string, string | undefined> = error instanceof ApiError ? error.fields : {};
        const own: Errors<PasswordField> = {};
        for (const key of PASSWORD_FIELDS) if (fields[key]) own[key] = fields[key];
        setErrors(own);
        if (Object.keys(own).length === 0) setFormError(errorMessage(error, ACCOUNT_TEXTS.changePasswordFailed));
      },
    });
  };

  const busy = change.isPending;
  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="font-semibold text-fg">
        {ACCOUNT_TEXTS.changePasswordHeading}
      </h3>
      <FormMessage message={formError} />
      <Field label={ACCOUNT_TEXTS.currentPasswordLabel} error={errors.currentPassword}>
        <PasswordInput
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          disabled={busy}
        />
      </Field>
      <Field label={ACCOUNT_TEXTS.newPasswordLabel} error={errors.newPassword} hint={ACCOUNT_TEXTS.passwordHint}>
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          disabled={busy}
        />
      </Field>
      <Field label={ACCOUNT_TEXTS.confirmPasswordLabel} error={errors.confirmPassword}>
        <PasswordInput
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          disabled={busy}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? ACCOUNT_TEXTS.changePasswordSubmitting : ACCOUNT_TEXTS.changePasswordSubmit}
      </Button>
    </form>
  );
}

type EmailField = 'newEmail' | 'password';
const EMAIL_FIELDS: readonly EmailField[] = ['newEmail', 'password'];

function ChangeEmailForm({ account }: { account: AccountState }) {
  const { values, set, reset } = useFormValues<EmailField>({ newEmail: '', password: '' });
  const [errors, setErrors] = useState<Errors<EmailField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangeEmail();
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const found: Errors<EmailField> = {};
    if (!values.newEmail.trim()) found.newEmail = AUTH_MESSAGES.emailRequired;
    if (!values.password) found.password = ACCOUNT_MESSAGES.currentPasswordRequired;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current, EMAIL_FIELDS, new Set(Object.keys(found)));
      return;
    }
    change.mutate(
      { newEmail: values.newEmail.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          reset();
          void toastSuccess(answer.message);
        },
        onError: (error) => {
          const fields: Record<string, string | undefined> = error instanceof ApiError ? error.fields : {};
          // The password here is the current one: the server names it `currentPassword`.
          const own: Errors<EmailField> = {};
          if (fields.newEmail) own.newEmail = fields.newEmail;
          if (fields.password ?? fields.currentPassword) own.password = fields.password ?? fields.currentPassword;
          setErrors(own);
          if (Object.keys(own).length === 0) setFormError(errorMessage(error, ACCOUNT_TEXTS.changeEmailFailed));
        },
      },
    );
  };

  const busy = change.isPending;
  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="space-y-4 border-t border-line pt-6" aria-labelledby="change-email-heading">
      <h3 id="change-email-heading" className="font-semibold text-fg">
        {ACCOUNT_TEXTS.emailHeading}
      </h3>
      <dl className="text-sm">
        <dt className="text-fg-subtle">{ACCOUNT_TEXTS.currentEmail}</dt>
        <dd className="mt-0.5 flex flex-wrap items-center gap-2 break-all text-fg">
          <span>{account.email}</span>
          <span
            className={
              account.emailVerified
                ? 'rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-fg'
                : 'rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-fg'
            }
          >
            {account.emailVerified ? ACCOUNT_TEXTS.verified : ACCOUNT_TEXTS.unverified}
          </span>
        </dd>
      </dl>
      {account.pendingEmail ? (
        <p role="status" className="rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-sm break-words text-fg">
          {ACCOUNT_TEXTS.pendingEmail(account.pendingEmail)}
        </p>
      ) : null}
      <FormMessage message={formError} />
      <Field label={ACCOUNT_TEXTS.newEmailLabel} error={errors.newEmail}>
        <Input
          name="newEmail"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.newEmail}
          onChange={set('newEmail')}
          disabled={busy}
        />
      </Field>
      <Field label={ACCOUNT_TEXTS.passwordLabel} error={errors.password}>
        <PasswordInput name="password" autoComplete="current-password" value={values.password} onChange={set('password')} disabled={busy} />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? ACCOUNT_TEXTS.changeEmailSubmitting : ACCOUNT_TEXTS.changeEmailSubmit}
      </Button>
    </form>
  );
}

/** Issue 14 §3 and §5: change the password; change the email (with a change waiting for its link). */
export function SecuritySection({ account }: { account: AccountState }) {
  return (
    <SettingsSection id="settings-security" title={ACCOUNT_TEXTS.securityHeading}>
      <div className="space-y-8">
        <ChangePasswordForm />
        <ChangeEmailForm account={account} />
      </div>
    </SettingsSection>
  );
}
