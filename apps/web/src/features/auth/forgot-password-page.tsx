import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { AUTH_MESSAGES, appPaths } from '@agora/contract';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { localizeMessage } from '@/lib/i18n';
import { forgotPassword } from '@/features/account/api';
import { ACCOUNT_TEXTS } from '@/features/account/public';
import { AuthLayout, FormError } from './auth-layout';

const linkClass = 'font-semibold text-accent-fg underline underline-offset-2 hover:decoration-2';

/**
 * Issue 14 §3: the address of the account, then the server's answer, the same whether or not an account uses it
 * (no account enumeration).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = useMutation({ mutationFn: forgotPassword, meta: { silent: true } });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    setFormError(null);
    if (!email.trim()) {
      setFieldError(AUTH_MESSAGES.emailRequired);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    request.mutate(email.trim(), {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields.email : undefined;
        if (field) {
          setFieldError(field);
          input.current?.focus();
        } else setFormError(errorMessage(error, ACCOUNT_TEXTS.forgotFailed));
      },
    });
  };

  return (
    <AuthLayout
      title={sent ? ACCOUNT_TEXTS.checkInbox : ACCOUNT_TEXTS.forgotTitle}
      subtitle={sent ? '' : ACCOUNT_TEXTS.forgotSubtitle}
      footer={
        <Link to={appPaths.login()} className={linkClass}>
          {ACCOUNT_TEXTS.backToLogin}
        </Link>
      }
    >
      <PageTitle title={ACCOUNT_TEXTS.forgotTitle} />
      {sent ? (
        <p role="status" className="rounded-lg border border-line bg-surface-muted px-4 py-3 text-sm text-fg">
          {localizeMessage(sent)}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={ACCOUNT_TEXTS.forgotTitle}>
          <FormError message={formError} />
          <Field label={ACCOUNT_TEXTS.emailLabel} error={fieldError}>
            <Input
              ref={input}
              name="email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={request.isPending}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? ACCOUNT_TEXTS.forgotSubmitting : ACCOUNT_TEXTS.forgotSubmit}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
