import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_LIMITS, type SiteLogEntry } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Picture } from '@/components/ui/picture';
import { Skeleton } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, useFormValues } from '@/lib/forms';
import { formatTimestamp } from '@/lib/time';
import { toastSuccess } from '@/lib/toast';
import { REPORT_TEXTS, SiteReportQueue } from '@/features/moderation/public';
import { useSiteLog, useSuspend, useSuspendedUsers, useUnsuspend } from './api';
import { ADMIN_TEXTS } from './texts';

const DURATIONS = ['1', '7', '30', '365', 'none'] as const;
type Duration = (typeof DURATIONS)[number];

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight text-fg">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-fg-subtle">{intro}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function when(value: string, now: Date): string {
  return formatTimestamp(value, now, 'desktop');
}

type SuspendField = 'username' | 'reason';

function SuspendForm() {
  const { values, set, reset } = useFormValues<SuspendField>({ username: '', reason: '' });
  const [duration, setDuration] = useState<Duration>('7');
  const [errors, setErrors] = useState<Partial<Record<SuspendField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const suspend = useSuspend();
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (suspend.isPending) return;
    const found: Partial<Record<SuspendField, string>> = {};
    const username = values.username.trim().replace(/^@/, '');
    if (!username) found.username = ADMIN_TEXTS.usernameRequired;
    if (!values.reason.trim()) found.reason = ADMIN_TEXTS.reasonRequired;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current, ['username', 'reason'], new Set(Object.keys(found)));
      return;
    }
    suspend.mutate(
      { username, reason: values.reason, ...(duration === 'none' ? {} : { days: Number(duration) }) },
      {
        onSuccess: (answer) => {
          reset();
          void toastSuccess(answer.message);
        },
        onError: (error) => setFormError(errorMessage(error, ADMIN_TEXTS.suspendFailed)),
      },
    );
  };

  const busy = suspend.isPending;
  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="admin-suspend">
      {formError ? (
        <div role="alert" className="rounded-lg border border-danger-fg/30 bg-danger-soft px-3 py-2.5 text-sm text-danger-fg">
          {formError}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <Field label={ADMIN_TEXTS.usernameLabel} error={errors.username}>
          <Input name="username" autoComplete="off" value={values.username} onChange={set('username')} disabled={busy} />
        </Field>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor="admin-duration" className="text-sm font-medium text-fg">
            {ADMIN_TEXTS.durationLabel}
          </label>
          <select
            id="admin-duration"
            value={duration}
            disabled={busy}
            onChange={(event) => setDuration(event.target.value as Duration)}
            className="h-10 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {ADMIN_TEXTS.durations[d]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field label={ADMIN_TEXTS.reasonLabel} error={errors.reason} hint={ADMIN_TEXTS.reasonHint}>
        <Textarea
          name="reason"
          rows={3}
          maxLength={ADMIN_LIMITS.reasonMax}
          value={values.reason}
          onChange={set('reason')}
          disabled={busy}
        />
      </Field>
      <Button type="submit" variant="danger" disabled={busy}>
        {busy ? ADMIN_TEXTS.suspendSubmitting : ADMIN_TEXTS.suspendSubmit}
      </Button>
    </form>
  );
}

function SuspendedList({ now }: { now: Date }) {
  const suspended = useSuspendedUsers();
  const lift = useUnsuspend();
  if (suspended.isPending) return <Skeleton className="h-20 w-full" />;
  if (suspended.isError) return <LoadError message={ADMIN_TEXTS.loadFailed} onRetry={() => void suspended.refetch()} />;
  const users = suspended.data.users;
  if (users.length === 0) return <p className="text-sm text-fg-subtle">{ADMIN_TEXTS.noneSuspended}</p>;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line">
      {users.map((user) => (
        <li key={user.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <Picture src={user.profile_image} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg">@{user.username}</p>
            <p className="text-sm break-words text-fg-muted">{user.reason}</p>
            <p className="text-xs text-fg-subtle">
              {user.suspended_until ? ADMIN_TEXTS.suspendedUntil(when(user.suspended_until, now)) : ADMIN_TEXTS.suspendedForever}
              {' · '}
              {user.suspended_by ? ADMIN_TEXTS.suspendedBy(user.suspended_by) : ADMIN_TEXTS.byOperator}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-label={ADMIN_TEXTS.liftLabel(user.username)}
            disabled={lift.isPending && lift.variables === user.id}
            onClick={() => lift.mutate(user.id, { onSuccess: (answer) => void toastSuccess(answer.message) })}
          >
            {ADMIN_TEXTS.lift}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function LogEntry({ entry, now }: { entry: SiteLogEntry; now: Date }) {
  return (
    <li className="px-4 py-3 text-sm">
      <p className="break-words text-fg">
        <span className="font-medium">{entry.actor ? `@${entry.actor}` : ADMIN_TEXTS.operator}</span> {ADMIN_TEXTS.actions[entry.action]}{' '}
        {entry.target_user ? <span className="font-medium">@{entry.target_user.username}</span> : null}
        {entry.until ? ` (${ADMIN_TEXTS.logUntil(when(entry.until, now))})` : null}
      </p>
      {entry.reason ? <p className="mt-0.5 break-words text-fg-muted">{entry.reason}</p> : null}
      <p className="mt-0.5 text-xs text-fg-subtle">
        <time dateTime={entry.created}>{when(entry.created, now)}</time>
      </p>
    </li>
  );
}

function SiteLog({ now }: { now: Date }) {
  const log = useSiteLog();
  if (log.isPending) return <Skeleton className="h-32 w-full" />;
  if (log.isError) return <LoadError message={ADMIN_TEXTS.loadFailed} onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-sm text-fg-subtle">{ADMIN_TEXTS.logEmpty}</p>;
  return (
    <>
      <ol className="divide-y divide-line rounded-xl border border-line">
        {entries.map((entry) => (
          <LogEntry key={entry.id} entry={entry} now={now} />
        ))}
      </ol>
      {log.hasNextPage ? (
        <Button variant="outline" className="mt-4" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? ADMIN_TEXTS.loadingMore : ADMIN_TEXTS.loadMore}
        </Button>
      ) : null}
    </>
  );
}

/** `/admin` (issue 15 §8), for site admins only (app/ shows "Page Not Found" to everyone else). */
export function AdminPage() {
  const [now] = useState(() => new Date());
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle title={ADMIN_TEXTS.title} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{ADMIN_TEXTS.title}</h1>
        <p className="mt-1 text-sm text-fg-subtle">{ADMIN_TEXTS.subtitle}</p>
      </header>
      <Section id="admin-reports" title={REPORT_TEXTS.adminHeading} intro={REPORT_TEXTS.adminIntro}>
        <SiteReportQueue />
      </Section>
      <Section id="admin-suspend" title={ADMIN_TEXTS.suspendHeading} intro={ADMIN_TEXTS.suspendIntro}>
        <SuspendForm />
      </Section>
      <Section id="admin-suspended" title={ADMIN_TEXTS.suspendedHeading}>
        <SuspendedList now={now} />
      </Section>
      <Section id="admin-log" title={ADMIN_TEXTS.logHeading}>
        <SiteLog now={now} />
      </Section>
    </div>
  );
}
