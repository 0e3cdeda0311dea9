import { useEffect, useRef } from 'react';
import { appPaths } from '@agora/contract';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Loader2 } from 'lucide-react';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { localizeMessage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { accountKeys, confirmEmailChange, unsubscribeDigest, useResendVerification, verifyEmail } from '@/features/account/api';
import { ACCOUNT_TEXTS } from '@/features/account/public';
import { AuthLayout } from './auth-layout';

type Kind = 'verify' | 'confirm' | 'digest';

const CALLS: Record<Kind, (token: string) => Promise<{ message: string }>> = {
  verify: verifyEmail,
  confirm: confirmEmailChange,
  digest: unsubscribeDigest,
};

const TITLES: Record<Kind, string> = {
  verify: ACCOUNT_TEXTS.verifyTitle,
  confirm: ACCOUNT_TEXTS.confirmTitle,
  digest: ACCOUNT_TEXTS.unsubscribeTitle,
};

/**
 * Issue 14 §2, §5 and §6: `/verify-email?token=` (the address given at registration), `/confirm-email?token=` (a
 * new address) and `/unsubscribe?token=` (the email digest's off link, no sign-in needed). The link is used once,
 * on load; the page shows the server's answer and a way on.
 */
export function TokenConfirmPage({ kind }: { kind: Kind }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: CALLS[kind],
    meta: { silent: true },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: kind === 'digest' ? accountKeys.notificationSettings() : accountKeys.state() }),
  });
  const resend = useResendVerification();
  // The token is single-use: asked once per page, even when effects run twice (React's strict mode).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const title = TITLES[kind];
  // After a change of address or of the digest, the settings page is the way on; after a confirmation, the app.
  const toSettings = kind !== 'verify';
  const failed = !token || confirm.isError;
  const message = !token
    ? ACCOUNT_TEXTS.missingToken
    : confirm.isError
      ? errorMessage(confirm.error, kind === 'digest' ? ACCOUNT_TEXTS.unsubscribeFailed : ACCOUNT_TEXTS.verifyFailed)
      : null;

  let body;
  if (confirm.isSuccess) {
    body = (
      <div className="space-y-6">
        <p role="status" className="flex items-start gap-2 rounded-lg border border-line bg-success-soft px-4 py-3 text-sm text-success-fg">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          {localizeMessage(confirm.data.message)}
        </p>
        <Link
          to={session ? (toSettings ? appPaths.settings() : appPaths.home()) : appPaths.login()}
          className={buttonClasses('primary', 'lg', 'w-full')}
        >
          {session ? (toSettings ? ACCOUNT_TEXTS.toSettings : ACCOUNT_TEXTS.continueHome) : ACCOUNT_TEXTS.signIn}
        </Link>
      </div>
    );
  } else if (failed) {
    body = (
      <div className="space-y-6">
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-danger-fg/30 bg-danger-soft px-4 py-3 text-sm text-danger-fg"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {message}
        </p>
        {session ? (
          <div className="flex flex-col gap-3">
            {kind === 'verify' ? (
              <Button
                size="lg"
                className="w-full"
                disabled={resend.isPending}
                onClick={() => resend.mutate(undefined, { onSuccess: (answer) => void toastSuccess(answer.message) })}
              >
                {resend.isPending ? ACCOUNT_TEXTS.resending : ACCOUNT_TEXTS.sendNewLink}
              </Button>
            ) : null}
            <Link
              to={toSettings ? appPaths.settings() : appPaths.home()}
              className={buttonClasses(kind === 'verify' ? 'outline' : 'primary', 'lg', 'w-full')}
            >
              {toSettings ? ACCOUNT_TEXTS.toSettings : ACCOUNT_TEXTS.continueHome}
            </Link>
          </div>
        ) : (
          <Link to={appPaths.login()} className={buttonClasses('primary', 'lg', 'w-full')}>
            {ACCOUNT_TEXTS.signIn}
          </Link>
        )}
      </div>
    );
  } else {
    body = (
      <p role="status" className="flex items-center gap-3 text-sm text-fg-muted">
        <Loader2 className="size-5 animate-spin text-accent-fg" aria-hidden />
        {ACCOUNT_TEXTS.checking}
      </p>
    );
  }

  return (
    <AuthLayout title={title} subtitle={ACCOUNT_TEXTS.linkSubtitle} footer={null}>
      <PageTitle title={title} />
      {body}
    </AuthLayout>
  );
}

export function VerifyEmailPage() {
  return <TokenConfirmPage kind="verify" />;
}

export function ConfirmEmailPage() {
  return <TokenConfirmPage kind="confirm" />;
}

export function UnsubscribeDigestPage() {
  return <TokenConfirmPage kind="digest" />;
}
