import { useId } from 'react';
import { Link } from 'react-router';
import { appPaths, DIGEST_FREQUENCIES, OPTIONAL_NOTIFICATION_TYPES } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useNotificationSettings, useUpdateNotificationSettings } from './api';
import { useMutes, useSetMute } from './mutes';
import { usePushSwitch } from './push';
import { SettingsSection } from './section';
import { Switch } from './switch';
import { ACCOUNT_TEXTS, ALWAYS_ON_NAMES, NOTIFICATION_TYPE_NAMES } from './texts';

/**
 * Issue 14 §6: a switch per type a person can turn off, the two that carry answer buttons shown always on, and
 * the email digest (off, daily, weekly), and what the person muted. Each change is saved at once, sending only
 * what changed.
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
          <PushSwitch />
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
          <MutedList />
        </div>
      )}
    </SettingsSection>
  );
}

/** Issue 18 §4: push on this device, or why it cannot be (no support, blocked, no service worker). */
function PushSwitch() {
  const push = usePushSwitch();
  const why =
    push.state === 'unsupported'
      ? ACCOUNT_TEXTS.pushUnsupported
      : push.state === 'denied'
        ? ACCOUNT_TEXTS.pushDenied
        : push.state === 'no-worker'
          ? ACCOUNT_TEXTS.pushNoWorker
          : ACCOUNT_TEXTS.pushIntro;
  const usable = push.state === 'on' || push.state === 'off';
  return (
    <div className="border-b border-line pb-2">
      <Switch
        label={ACCOUNT_TEXTS.pushLabel}
        description={why}
        checked={push.state === 'on'}
        disabled={!usable || push.busy}
        onChange={push.set}
      />
    </div>
  );
}

const rowClass = 'flex min-w-0 items-center justify-between gap-3 py-2.5';
const linkClass =
  'min-w-0 truncate font-medium text-fg underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** The communities and discussions muted (issue 14 §6), newest first, each with Unmute. */
function MutedList() {
  const mutes = useMutes();
  const setMute = useSetMute();
  const data = mutes.data;
  return (
    <section aria-labelledby="settings-muted">
      <h3 id="settings-muted" className="font-semibold text-fg">
        {ACCOUNT_TEXTS.mutedHeading}
      </h3>
      <p className="mt-1 text-sm text-fg-subtle">{ACCOUNT_TEXTS.mutedIntro}</p>
      {mutes.isPending ? (
        <Skeleton className="mt-3 h-8 w-full" />
      ) : mutes.isError || !data ? (
        <div className="mt-3">
          <LoadError message={ACCOUNT_TEXTS.loadFailed} onRetry={() => void mutes.refetch()} />
        </div>
      ) : data.mutedGroups.length === 0 && data.mutedDiscussions.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">{ACCOUNT_TEXTS.noMutes}</p>
      ) : (
        <div className="mt-3 space-y-4">
          {data.mutedGroups.length > 0 ? (
            <div>
              <h4 className="text-sm font-medium text-fg-subtle">{ACCOUNT_TEXTS.mutedCommunities}</h4>
              <ul className="divide-y divide-line">
                {data.mutedGroups.map((group) => (
                  <li key={group.id} className={rowClass}>
                    <Link to={appPaths.group(group.slug)} className={linkClass}>
                      {group.name}
                    </Link>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={ACCOUNT_TEXTS.unmuteLabel(group.name)}
                      onClick={() => setMute.mutate({ kind: 'group', groupId: group.id, muted: false })}
                    >
                      {ACCOUNT_TEXTS.unmute}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {data.mutedDiscussions.length > 0 ? (
            <div>
              <h4 className="text-sm font-medium text-fg-subtle">{ACCOUNT_TEXTS.mutedDiscussions}</h4>
              <ul className="divide-y divide-line">
                {data.mutedDiscussions.map((post) => {
                  const name = ACCOUNT_TEXTS.mutedPostIn(post.groupName);
                  return (
                    <li key={post.id} className={rowClass}>
                      <Link
                        to={appPaths.discussion(post.groupId, post.id)}
                        className="min-w-0 text-sm focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <span className="block truncate font-medium text-fg hover:underline">{name}</span>
                        <span className="block truncate text-fg-subtle">{post.excerpt}</span>
                      </Link>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={ACCOUNT_TEXTS.unmuteLabel(`${name}: ${post.excerpt}`)}
                        onClick={() => setMute.mutate({ kind: 'discussion', groupId: post.groupId, discussionId: post.id, muted: false })}
                      >
                        {ACCOUNT_TEXTS.unmute}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
