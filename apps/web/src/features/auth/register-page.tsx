import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES, EMAIL_PATTERN, type RegisterRequest } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage, isNetworkError } from '@/lib/api-client';
import { useRegister } from './api';
import { AuthLayout, FormError } from './auth-layout';
import { PasswordInput } from './password-input';
import { safeRedirectPath } from './redirect';

export const REGISTER_TEXTS = {
  failed: 'Registration failed',
  network: 'Something went wrong. Please try again.',
  success: 'Registration successful!',
  passwordHint: 'Minimum 8 characters',
  termsRequired: 'Please accept the terms to continue',
  confirmRequired: 'Please confirm your password',
  submit: 'Create account',
  submitting: 'Creating account...',
} as const;

type RegisterField = keyof RegisterRequest | 'terms';
type Errors = Partial<Record<RegisterField, string>>;

const EMPTY: RegisterRequest = { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' };

/** SPEC §5: everything required, passwords equal (an alert too, as the spec says), a valid email, terms ticked. */
export function validateRegistration(values: RegisterRequest, terms: boolean): Errors {
  const errors: Errors = {};
  if (!values.firstName.trim()) errors.firstName = AUTH_MESSAGES.firstNameRequired;
  if (!values.lastName.trim()) errors.lastName = AUTH_MESSAGES.lastNameRequired;
  if (!values.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = AUTH_MESSAGES.emailInvalid;
  if (!values.username.trim()) errors.username = AUTH_MESSAGES.usernameRequired;
  if (!values.password) errors.password = AUTH_MESSAGES.passwordRequired;
  if (!values.confirmPassword) errors.confirmPassword = REGISTER_TEXTS.confirmRequired;
  else if (values.password !== values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
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
    if (found.confirmPassword === AUTH_MESSAGES.passwordsDoNotMatch) window.alert(AUTH_MESSAGES.passwordsDoNotMatch);
    if (Object.keys(found).length > 0) return;

    const body: RegisterRequest = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      username: values.username.trim(),
    };
    registration.mutate(body, {
      onSuccess: () => {
        toast.success(REGISTER_TEXTS.success);
        const redirect = params.get('redirect');
        const login = redirect ? `/login?redirect=${encodeURIComponent(safeRedirectPath(redirect))}` : '/login';
        navigate(login, { state: { identifier: body.username } });
      },
      onError: (error) => {
        if (isNetworkError(error)) {
          setFormError(REGISTER_TEXTS.network);
          return;
        }
        if (error instanceof ApiError) setErrors(fieldsOf(error));
        setFormError(errorMessage(error, REGISTER_TEXTS.failed));
      },
    });
  };

  const busy = registration.isPending;

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join communities, start discussions and meet people who share your interests."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-accent-fg underline-offset-2 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Create account">
        <FormError message={formError} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First name" error={errors.firstName}>
            <Input
              name="firstName"
              autoComplete="given-name"
              value={values.firstName}
              onChange={set('firstName')}
              disabled={busy}
              autoFocus
            />
          </Field>
          <Field label="Last name" error={errors.lastName}>
            <Input name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} disabled={busy} />
          </Field>
        </div>
        <Field label="Email" error={errors.email}>
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
        <Field label="Username" error={errors.username}>
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
        <Field label="Password" hint={REGISTER_TEXTS.passwordHint} error={errors.password}>
          <PasswordInput name="password" autoComplete="new-password" value={values.password} onChange={set('password')} disabled={busy} />
        </Field>
        <Field label="Confirm password" error={errors.confirmPassword}>
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
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'terms-error' : undefined}
              className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-line-strong accent-brand-600 dark:accent-brand-400"
            />
            <span>I agree to the terms of use and to treat every community with respect.</span>
          </label>
          {errors.terms ? (
            <p id="terms-error" role="alert" className="text-sm text-danger-fg">
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
