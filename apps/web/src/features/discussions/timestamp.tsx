import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatDateTime } from '@/lib/i18n';
import { formatTimestamp, type Viewport } from '@/lib/time';
import { MOBILE_BREAKPOINT_PX } from '@/lib/ui-constants';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribeViewport(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** SPEC §9: below 768 px timestamps use the mobile forms ("5m", "3h"), from 768 px the desktop ones. */
export function useViewport(): Viewport {
  return useSyncExternalStore(
    subscribeViewport,
    () => (typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop'),
    () => 'desktop',
  );
}

/** The current time, renewed every minute so "Just now" and "5 minutes ago" move on by themselves. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A post's or comment's time by the SPEC §9 rules, with the full date on hover and for machines. */
export function Timestamp({ value, className }: { value: string; className?: string }) {
  const now = useNow();
  const viewport = useViewport();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={value} title={formatDateTime(date)} className={className}>
      {formatTimestamp(value, now, viewport)}
    </time>
  );
}
