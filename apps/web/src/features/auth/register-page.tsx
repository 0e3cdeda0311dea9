import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, registerRequestSchema, type RegisterRequest } from '@agora/contract';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Field, fieldErrorId } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage, isNetworkError } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/forms';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useRegister } from './api';
import { AuthLayout, FormError } from './auth-layout';
import { PasswordInput } from '@/components/ui/password-input';
import { safeRedirectPath } from './redirect';
import { defineTexts } from '@/lib/i18n';
import { toastSuccess } from '@/lib/toast';

export const REGISTER_TEXTS = defineTexts('register', {
  failed: 'Registration failed',
  network: 'Something went wrong. Please try again.',
  success: 'Registration successful!',
  passwordHint: 'Minimum 8 characters',
  termsRequired: 'Please accept the terms to continue',
  /** The one summary a failed submit announces; each field carries its own message. */
  invalid: 'Please correct the highlighted fields.',
  submit: 'Create account',
  submitting: 'Creating account...',
  title: 'Create your account',
  subtitle: 'Join communities, start discussions and meet people who share your interests.',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  username: 'Username',
  password: 'Password',
  confirmPassword: 'Confirm password',
  terms: 'I agree to the terms of use and to treat every community with respect.',
});

type RegisterField = keyof RegisterRequest | 'terms';
type Errors = Partial<Record<RegisterField, string>>;

/** The order the form shows its fields in: focus goes to the first invalid one. */
const FIELD_ORDER: readonly RegisterField[] = ['firstName', 'lastName', 'email', 'username', 'password', 'confirmPassword', 'terms'];
const TERMS_ID = 'register-terms';

const EMPTY: RegisterRequest = { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' };

/**
 * SPEC §5, judged by the contract's own registerRequestSchema (the server parses the same schema, so the rules
 * and their messages have one source): everything required, a valid email, passwords equal. The terms box is
 * the form's own. The first message per field is shown.
 */
export function validateRegistration(values: RegisterRequest, terms: boolean): Errors {
  const errors: Errors = {};
  const parsed = registerRequestSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof RegisterRequest | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!terms) errors.terms = REGISTER_TEXTS.termsRequired;
  return errors;
}

/** Conflicts may come without `fields`; they still belong under an input. */
function fieldsOf(error: ApiError): Errors {
  const fields: Errors = { ...(error.fields as Errors) };
  if (error.code === 'username_taken' && !fields.username) fields.username = error.message || AUTH_MESSAGES.usernameTaken;
  if (error.code === 'email_taken' && !fields.email) fields.email = error.message || AUTH_MESSAGES.emailTaken;
  return fields;
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<RegisterRequest>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const registration = useRegister();
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
    if (!focusTarget.current || registration.isPending) return;
    focusFirstInvalid(form.current, FIELD_ORDER, focusTarget.current);
    focusTarget.current = null;
  }, [focusRequest, registration.isPending]);

  const set = (key: keyof RegisterRequest) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.isPending) return;
    const found = validateRegistration(values, terms);
    setErrors(found);
    setFormError(null);
    // SPEC §5's "Passwords do not match" shows under the confirmation (with the form's alert above), never as a
    // blocking alert() on top of it.
    if (Object.keys(found).length > 0) {
      setFormError(REGISTER_TEXTS.invalid);
      requestFocus(Object.keys(found));
      return;
    }

    const body: RegisterRequest = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      username: values.username.trim(),
    };
    registration.mutate(body, {
      onSuccess: () => {
        void toastSuccess(REGISTER_TEXTS.success);
        writeStorage(STORAGE_KEYS.newAccount, body.username);
        const redirect = params.get('redirect');
        const login = redirect ? `/login?redirect=${encodeURIComponent(safeRedirectPath(redirect))}` : '/login';
        navigate(login, { state: { identifier: body.username, registered: true } });
      },
      onError: (error) => {
        if (isNetworkError(error)) {
          setFormError(REGISTER_TEXTS.network);
          return;
        }
        const fields = error instanceof ApiError ? fieldsOf(error) : {};
        setErrors(fields);
        setFormError(errorMessage(error, REGISTER_TEXTS.failed));
        requestFocus(Object.keys(fields));
      },
    });
  };

  const busy = registration.isPending;

  return (
    <AuthLayout
      title={REGISTER_TEXTS.title}
      subtitle={REGISTER_TEXTS.subtitle}
      footer={
        <>
          {REGISTER_TEXTS.haveAccount}{' '}
          <Link to="/login" className="font-semibold text-accent-fg underline underline-offset-2 hover:decoration-2">
            {REGISTER_TEXTS.signIn}
          </Link>
        </>
      }
    >
      <PageTitle title={REGISTER_TEXTS.title} />
      <form ref={form} noValidate onSubmit={onSubmit} className="space-y-5" aria-label={REGISTER_TEXTS.submit}>
        <FormError message={formError} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={REGISTER_TEXTS.firstName} error={errors.firstName}>
            <Input name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} disabled={busy} />
          </Field>
          <Field label={REGISTER_TEXTS.lastName} error={errors.lastName}>
            <Input name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} disabled={busy} />
          </Field>
        </div>
        <Field label={REGISTER_TEXTS.email} error={errors.email}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={values.email}
            onChange={set('email')}
            disabled={busy}
          />
        </Field>
        <Field label={REGISTER_TEXTS.username} error={errors.username}>
          <Input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={set('username')}
            disabled={busy}
          />
        </Field>
        <Field label={REGISTER_TEXTS.password} hint={REGISTER_TEXTS.passwordHint} error={errors.password}>
          <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={set('password')} disabled={busy} />
        </Field>
        <Field label={REGISTER_TEXTS.confirmPassword} error={errors.confirmPassword}>
          <PasswordInput
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            disabled={busy}
          />
        </Field>
        <div className="space-y-1.5">
          <label className="flex cursor-pointer items-start gap-3 text-sm text-fg-muted">
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              onChange={(e) => {
                setTerms(e.target.checked);
                if (errors.terms) setErrors((x) => ({ ...x, terms: undefined }));
              }}
              disabled={busy}
              id={TERMS_ID}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? fieldErrorId(TERMS_ID) : undefined}
              className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-line-strong accent-brand-600 dark:accent-brand-400"
            />
            <span>{REGISTER_TEXTS.terms}</span>
          </label>
          {errors.terms ? (
            <p id={fieldErrorId(TERMS_ID)} className="text-sm text-danger-fg">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? REGISTER_TEXTS.submitting : REGISTER_TEXTS.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}
