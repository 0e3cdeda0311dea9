import { useState } from 'react';
import { Laptop } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/spinner';
import { formatTimestamp } from '@/lib/time';
import { toastSuccess } from '@/lib/toast';
import { useEndOtherSessions, useEndSession, useSessions } from './api';
import { SettingsSection } from './section';
import { ACCOUNT_TEXTS } from './texts';

/** "Just now", "5 minutes ago", "Nov 3": the app's own time helper (SPEC §9 desktop forms). */
function relative(value: string, now: Date): string {
  return formatTimestamp(value, now, 'desktop');
}

/**
 * Issue 14 §4: every sign-in of the account with its device and last activity; "Sign out" per other device and
 * "Sign out of all other devices". This device is marked and cannot be ended here (Logout does that).
 */
export function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<number | null>(null);
  const [now] = useState(() => new Date());
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);
  const ordered = [...list].sort((a, b) => Number(b.current) - Number(a.current));

  return (
    <SettingsSection id="settings-sessions" title={ACCOUNT_TEXTS.sessionsHeading} intro={ACCOUNT_TEXTS.sessionsIntro}>
      {sessions.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sessions.isError ? (
        <LoadError message={ACCOUNT_TEXTS.loadFailed} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className="divide-y divide-line rounded-xl border border-line">
            {ordered.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <Laptop className="size-5 shrink-0 text-fg-subtle" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                    {session.device}
                    {session.current ? (
                      <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-fg">
                        {ACCOUNT_TEXTS.thisDevice}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-fg-subtle">
                    <time dateTime={session.lastSeen}>{ACCOUNT_TEXTS.lastSeen(relative(session.lastSeen, now))}</time>
                    {' · '}
                    <time dateTime={session.created}>{ACCOUNT_TEXTS.signedInOn(relative(session.created, now))}</time>
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={ACCOUNT_TEXTS.signOutSessionLabel(session.device)}
                    disabled={endOne.isPending && ending === session.id}
                    onClick={() => {
                      setEnding(session.id);
                      endOne.mutate(session.id, { onSuccess: (answer) => void toastSuccess(answer.message) });
                    }}
                  >
                    {ACCOUNT_TEXTS.signOutSession}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <Button
              variant="outline"
              className="mt-4"
              disabled={endOthers.isPending}
              onClick={() => endOthers.mutate(undefined, { onSuccess: (answer) => void toastSuccess(answer.message) })}
            >
              {ACCOUNT_TEXTS.signOutOthers}
            </Button>
          ) : (
            <p className="mt-4 text-sm text-fg-subtle">{ACCOUNT_TEXTS.noOtherSessions}</p>
          )}
        </>
      )}
    </SettingsSection>
  );
}
