import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AUTH_MESSAGES, LIMITS, appPaths } from '@agora/contract';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/forms';
import { clearSession } from '@/lib/storage';
import { toastSuccess } from '@/lib/toast';
import { resetPassword } from '@/features/account/api';
import { ACCOUNT_TEXTS } from '@/features/account/public';
import { AuthLayout, FormError } from './auth-layout';
import { PasswordInput } from '@/components/ui/password-input';

type ResetField = 'password' | 'confirmPassword';
type Errors = Partial<Record<ResetField, string>>;
const FIELD_ORDER: readonly ResetField[] = ['password', 'confirmPassword'];
const linkClass = 'font-semibold text-accent-fg underline underline-offset-2 hover:decoration-2';

/** The registration rules the browser can judge (length, equal); the common-password list is the server's. */
export function validateNewPassword(password: string, confirmPassword: string): Errors {
  const errors: Errors = {};
  if (!password) errors.password = AUTH_MESSAGES.passwordRequired;
  else if (password.length < LIMITS.passwordMin) errors.password = AUTH_MESSAGES.passwordTooShort;
  else if (password.length > LIMITS.passwordMax) errors.password = AUTH_MESSAGES.passwordTooLong;
  if (password !== confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

/**
 * Issue 14 §3: `/reset-password?token=` from the mail. A new password and its confirmation; on success every
 * session of the account has ended, so this browser's too: to /login with the server's message.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(token ? null : ACCOUNT_TEXTS.missingToken);
  const reset = useMutation({ mutationFn: resetPassword, meta: { silent: true } });
  const form = useRef<HTMLFormElement>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found = validateNewPassword(password, confirmPassword);
    setErrors(found);
    setFormError(token ? null : ACCOUNT_TEXTS.missingToken);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current, FIELD_ORDER, new Set(Object.keys(found)));
      return;
    }
    if (!token) return;
    reset.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: (answer) => {
          // The server ended every session of the account, this browser's included.
          clearSession();
          void toastSuccess(answer.message);
          navigate(appPaths.login(), { replace: true });
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields as Errors) : {};
          const own: Errors = { password: fields.password, confirmPassword: fields.confirmPassword };
          setErrors(own);
          if (!own.password && !own.confirmPassword) setFormError(errorMessage(error, ACCOUNT_TEXTS.resetFailed));
          else queueMicrotask(() => focusFirstInvalid(form.current, FIELD_ORDER, new Set(Object.keys(fields))));
        },
      },
    );
  };

  const busy = reset.isPending;
  return (
    <AuthLayout
      title={ACCOUNT_TEXTS.resetTitle}
      subtitle={ACCOUNT_TEXTS.resetSubtitle}
      footer={
        <>
          <Link to={appPaths.forgotPassword()} className={linkClass}>
            {ACCOUNT_TEXTS.requestNewLink}
          </Link>
          <span aria-hidden> · </span>
          <Link to={appPaths.login()} className={linkClass}>
            {ACCOUNT_TEXTS.backToLogin}
          </Link>
        </>
      }
    >
      <PageTitle title={ACCOUNT_TEXTS.resetTitle} />
      <form ref={form} noValidate onSubmit={onSubmit} className="space-y-5" aria-label={ACCOUNT_TEXTS.resetTitle}>
        <FormError message={formError} />
        <Field label={ACCOUNT_TEXTS.newPasswordLabel} error={errors.password} hint={ACCOUNT_TEXTS.passwordHint}>
          <PasswordInput
            ref={first}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
          />
        </Field>
        <Field label={ACCOUNT_TEXTS.confirmPasswordLabel} error={errors.confirmPassword}>
          <PasswordInput
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            disabled={busy}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? ACCOUNT_TEXTS.resetSubmitting : ACCOUNT_TEXTS.resetSubmit}
        </Button>
      </form>
    </AuthLayout>
  );
}
