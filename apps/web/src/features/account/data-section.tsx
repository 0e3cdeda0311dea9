import { useState } from 'react';
import { Download, Loader2 } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/spinner';
import { formatShortDate } from '@/lib/i18n';
import { formatTimestamp } from '@/lib/time';
import { toastSuccess } from '@/lib/toast';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import { useDownloadExport, useLatestExport, useRequestExport } from './api';
import { SettingsSection } from './section';
import { ACCOUNT_TEXTS } from './texts';

/** "Just now", "5 minutes ago", "Nov 3": the app's own time helper (SPEC §9 desktop forms). */
function when(value: string, now: Date): string {
  return formatTimestamp(value, now, 'desktop');
}

function dateOf(value: string): string {
  return formatShortDate(new Date(value), true);
}

/** Issue 14 §7: ask for an export, see it being prepared, download the archive once it is ready. */
export function DataSection() {
  const latest = useLatestExport();
  const request = useRequestExport();
  const download = useDownloadExport();
  const [now] = useState(() => new Date());
  const current = latest.data?.export ?? null;

  return (
    <SettingsSection id="settings-data" title={ACCOUNT_TEXTS.dataHeading} intro={ACCOUNT_TEXTS.dataIntro}>
      {latest.isPending ? (
        <Skeleton className="h-10 w-48" />
      ) : latest.isError ? (
        <LoadError message={ACCOUNT_TEXTS.loadFailed} onRetry={() => void latest.refetch()} />
      ) : (
        <div className="space-y-4">
          <div role="status" className="text-sm text-fg">
            {current?.status === 'pending' ? (
              <p className="flex items-center gap-2">
                <Loader2 className="size-4 animate-spin text-accent-fg" aria-hidden />
                {ACCOUNT_TEXTS.exportPending}
              </p>
            ) : current?.status === 'ready' ? (
              <p>
                {ACCOUNT_TEXTS.exportReady(
                  when(current.ready ?? current.created, now),
                  current.sizeBytes !== null ? ACCOUNT_TEXTS.size(current.sizeBytes) : null,
                )}{' '}
                {current.expires ? ACCOUNT_TEXTS.exportExpires(dateOf(current.expires)) : null}
              </p>
            ) : current?.status === 'failed' ? (
              <p className="text-danger-fg">{ACCOUNT_TEXTS.exportFailedStatus}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-3">
            {current?.status === 'ready' ? (
              <Button disabled={download.isPending} onClick={() => download.mutate(current.id)}>
                <Download aria-hidden />
                {download.isPending ? ACCOUNT_TEXTS.downloading : ACCOUNT_TEXTS.download}
              </Button>
            ) : null}
            {current?.status === 'pending' ? null : (
              <Button
                variant={current?.status === 'ready' ? 'outline' : 'primary'}
                disabled={request.isPending}
                onClick={() => request.mutate(undefined, { onSuccess: () => void toastSuccess(ACCOUNT_MESSAGES.exportQueued) })}
              >
                {request.isPending ? ACCOUNT_TEXTS.requestingExport : ACCOUNT_TEXTS.requestExport}
              </Button>
            )}
          </div>
        </div>
      )}
    </SettingsSection>
  );
}
