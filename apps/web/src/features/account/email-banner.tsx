import { useState } from 'react';
import { MailWarning, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toastSuccess } from '@/lib/toast';
import { useSession } from '@/lib/session';
import { useAccountState, useResendVerification } from './api';
import { ACCOUNT_TEXTS } from './texts';

/** Dismissed for this browser session only: the banner comes back in a new one until the address is confirmed. */
export const EMAIL_BANNER_DISMISSED_KEY = 'emailBannerDismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(EMAIL_BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Issue 14 §2: a signed-in account whose address is not confirmed sees "Please confirm your email address" with a
 * "Resend email" button (the server's answer is toasted). Confirmed accounts and visitors never see it.
 */
export function EmailBanner() {
  const session = useSession();
  const account = useAccountState();
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!session || dismissed || account.data?.emailVerified !== false) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(EMAIL_BANNER_DISMISSED_KEY, 'true');
    } catch {
      // Without storage it stays hidden until the page reloads.
    }
    setDismissed(true);
  };

  return (
    <section aria-label={ACCOUNT_TEXTS.bannerText} className="border-b border-warning-fg/25 bg-warning-soft text-warning-fg">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-6">
        <MailWarning className="size-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">{ACCOUNT_TEXTS.bannerText}</span> <span>{ACCOUNT_TEXTS.bannerHint(account.data.email)}</span>
        </p>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: (answer) => void toastSuccess(answer.message) })}
          >
            {resend.isPending ? ACCOUNT_TEXTS.resending : ACCOUNT_TEXTS.resend}
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label={ACCOUNT_TEXTS.dismissBanner} onClick={dismiss} className="text-warning-fg">
            <X aria-hidden />
          </Button>
        </div>
      </div>
    </section>
  );
}
