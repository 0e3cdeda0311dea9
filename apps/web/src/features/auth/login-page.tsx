import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, appPaths } from '@agora/contract';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage, isNetworkError } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/forms';
import { fullPageRedirect } from '@/lib/navigation';
import { useLogin } from './api';
import { AuthLayout, FormError } from './auth-layout';
import { PasswordInput } from '@/components/ui/password-input';
import { safeRedirectPath } from './redirect';
import { useSession } from '@/lib/session';
import { ACCOUNT_TEXTS } from '@/features/account/public';
import { defineTexts } from '@/lib/i18n';

export const LOGIN_TEXTS = defineTexts('login', {
  failed: 'Login failed.',
  network: 'Server error. Please try again later.',
  // SPEC §2 and §4: "Sign in" is the word for signing in; "Logging in..." shows while the call runs.
  submit: 'Sign in',
  submitting: 'Logging in...',
  welcome: 'Welcome',
  welcomeBack: 'Welcome back',
  subtitle: 'Sign in to join the conversation in your communities.',
  newToAgora: 'New to Agora?',
  createAccount: 'Create an account',
  identifier: 'Email or username',
  password: 'Password',
});

interface LoginState {
  identifier?: string;
  /** Handed over by a registration that just succeeded: the account is new, so no "Welcome back". */
  registered?: boolean;
}

type LoginField = 'emailOrUsername' | 'password';
const FIELD_ORDER: readonly LoginField[] = ['emailOrUsername', 'password'];

export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const redirect = safeRedirectPath(params.get('redirect'));
  const prefill = (location.state as LoginState | null)?.identifier ?? '';
  const registered = (location.state as LoginState | null)?.registered === true;

  const [identifier, setIdentifier] = useState(prefill);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const login = useLogin();
  const form = useRef<HTMLFormElement>(null);
  // A failed submit names the fields to focus; the effect applies it once the inputs are enabled again (a
  // disabled input cannot take focus).
  const focusTarget = useRef<Set<string> | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const requestFocus = (fields: Iterable<string>) => {
    focusTarget.current = new Set(fields);
    setFocusRequest((n) => n + 1);
  };
  useEffect(() => {
    if (!focusTarget.current || login.isPending) return;
    focusFirstInvalid(form.current, FIELD_ORDER, focusTarget.current);
    focusTarget.current = null;
  }, [focusRequest, login.isPending]);

  // Focus starts in the first field; with a username handed over by registration, the password is what is left to
  // type.
  const identifierInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    (prefill ? passwordInput : identifierInput).current?.focus();
  }, [prefill]);

  // Already signed in (or signed in from another tab): nothing to do here.
  if (session && login.isIdle) return <Navigate to={redirect} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || redirecting) return;
    const errors: Partial<Record<LoginField, string>> = {};
    if (!identifier.trim()) errors.emailOrUsername = AUTH_MESSAGES.identifierRequired;
    if (!password) errors.password = AUTH_MESSAGES.passwordRequired;
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) {
      requestFocus(Object.keys(errors));
      return;
    }

    login.mutate(
      { emailOrUsername: identifier.trim(), password },
      {
        onSuccess: () => {
          setRedirecting(true);
          fullPageRedirect(redirect);
        },
        onError: (error) => {
          if (isNetworkError(error)) {
            setFormError(LOGIN_TEXTS.network);
            return;
          }
          const fields = error instanceof ApiError ? (error.fields as Partial<Record<LoginField, string>>) : {};
          setFieldErrors(fields);
          setFormError(errorMessage(error, LOGIN_TEXTS.failed));
          // Wrong credentials: the password is what people retype.
          requestFocus(Object.keys(fields).length > 0 ? Object.keys(fields) : ['password']);
        },
      },
    );
  };

  const busy = login.isPending || redirecting;
  const registerLink = params.get('redirect') ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';

  return (
    <AuthLayout
      title={registered ? LOGIN_TEXTS.welcome : LOGIN_TEXTS.welcomeBack}
      subtitle={LOGIN_TEXTS.subtitle}
      footer={
        <>
          {LOGIN_TEXTS.newToAgora}{' '}
          <Link to={registerLink} className="font-semibold text-accent-fg underline underline-offset-2 hover:decoration-2">
            {LOGIN_TEXTS.createAccount}
          </Link>
        </>
      }
    >
      <PageTitle title={LOGIN_TEXTS.submit} />
      <form ref={form} noValidate onSubmit={onSubmit} className="space-y-5" aria-label={LOGIN_TEXTS.submit}>
        <FormError message={formError} />
        <Field label={LOGIN_TEXTS.identifier} error={fieldErrors.emailOrUsername}>
          <Input
            ref={identifierInput}
            name="emailOrUsername"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            disabled={busy}
          />
        </Field>
        <Field label={LOGIN_TEXTS.password} error={fieldErrors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            ref={passwordInput}
          />
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link to={appPaths.forgotPassword()} className="font-medium text-accent-fg underline-offset-2 hover:underline">
            {ACCOUNT_TEXTS.forgotLink}
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? LOGIN_TEXTS.submitting : LOGIN_TEXTS.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}
