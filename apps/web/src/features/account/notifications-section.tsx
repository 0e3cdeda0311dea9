import { useId } from 'react';
import { DIGEST_FREQUENCIES, OPTIONAL_NOTIFICATION_TYPES } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useNotificationSettings, useUpdateNotificationSettings } from './api';
import { SettingsSection } from './section';
import { Switch } from './switch';
import { ACCOUNT_TEXTS, ALWAYS_ON_NAMES, NOTIFICATION_TYPE_NAMES } from './texts';

/**
 * Issue 14 §6: a switch per type a person can turn off, the two that carry answer buttons shown always on, and
 * the email digest (off, daily, weekly). Each change is saved at once, sending only what changed.
 */
export function NotificationsSection() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const digestName = useId();
  const data = settings.data;

  return (
    <SettingsSection id="settings-notifications" title={ACCOUNT_TEXTS.notificationsHeading} intro={ACCOUNT_TEXTS.notificationsIntro}>
      {settings.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : settings.isError || !data ? (
        <LoadError message={ACCOUNT_TEXTS.loadFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="space-y-6">
          <div className="divide-y divide-line">
            {OPTIONAL_NOTIFICATION_TYPES.map((type) => (
              <Switch
                key={type}
                label={NOTIFICATION_TYPE_NAMES[type]}
                checked={data.types[type]}
                onChange={(on) => update.mutate({ types: { [type]: on } })}
              />
            ))}
            {Object.values(ALWAYS_ON_NAMES).map((name) => (
              <Switch key={name} label={name} description={`${ACCOUNT_TEXTS.alwaysOn}. ${ACCOUNT_TEXTS.alwaysOnHint}`} checked disabled />
            ))}
          </div>
          <fieldset>
            <legend className="font-semibold text-fg">{ACCOUNT_TEXTS.digestHeading}</legend>
            <p className="mt-1 text-sm text-fg-subtle">{ACCOUNT_TEXTS.digestIntro}</p>
            <div className="mt-3 inline-flex rounded-lg border border-line-strong p-1">
              {DIGEST_FREQUENCIES.map((frequency) => (
                <label
                  key={frequency}
                  className={cn(
                    'cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    data.digest === frequency ? 'bg-brand-600 text-white' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
                  )}
                >
                  <input
                    type="radio"
                    name={digestName}
                    value={frequency}
                    checked={data.digest === frequency}
                    onChange={() => update.mutate({ digest: frequency })}
                    className="sr-only"
                  />
                  {ACCOUNT_TEXTS.digest[frequency]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}
    </SettingsSection>
  );
}
