import { LoadError } from '@/components/load-error';
import { PageTitle } from '@/components/page-title';
import { Skeleton } from '@/components/ui/spinner';
import { useAccountState } from './api';
import { BlockedSection } from './blocked-section';
import { DataSection } from './data-section';
import { DeleteSection } from './delete-section';
import { NotificationsSection } from './notifications-section';
import { SecuritySection } from './security-section';
import { SessionsSection } from './sessions-section';
import { ACCOUNT_TEXTS } from './texts';

/**
 * `/settings` (issue 14 §3–§7), reached from the own profile panel and the side panel: Security (password, email),
 * Sessions, Notifications (with what is muted), Blocked people (issue 15 §6), Your data and Delete account.
 */
export function SettingsPage() {
  const account = useAccountState();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle title={ACCOUNT_TEXTS.settingsTitle} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{ACCOUNT_TEXTS.settingsTitle}</h1>
        <p className="mt-1 text-sm text-fg-subtle">{ACCOUNT_TEXTS.settingsSubtitle}</p>
      </header>
      {account.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : account.isError ? (
        <LoadError message={ACCOUNT_TEXTS.loadFailed} onRetry={() => void account.refetch()} />
      ) : (
        <SecuritySection account={account.data} />
      )}
      <SessionsSection />
      <NotificationsSection />
      <BlockedSection />
      <DataSection />
      <DeleteSection />
    </div>
  );
}
