import { AlertTriangle, Loader2, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { COMMON_TEXTS } from '@/lib/texts';

/** The part of a TanStack query a failed list needs (useQuery and useInfiniteQuery both fit). */
export interface RetryableQuery {
  isError: boolean;
  isFetching: boolean;
  data?: unknown;
  refetch: () => unknown;
}

/**
 * True when a list has nothing to show because its request failed (not because it is empty): the caller shows
 * `LoadError` instead of its empty state. A failed refetch of a list already shown keeps the list.
 */
export function loadFailed(query: RetryableQuery): boolean {
  return query.isError && query.data === undefined;
}

interface LoadErrorProps {
  /** What failed, in the list's words ("Notifications could not be loaded."). */
  message?: string;
  /** Refetches the list (`() => query.refetch()`). */
  onRetry: () => unknown;
  /** The retry is running: the button shows a spinner and ignores clicks. */
  retrying?: boolean;
  /** A slim row for panels and strips instead of the card for feeds. */
  compact?: boolean;
  className?: string;
}

/**
 * A list that failed to load (issue 12 §2.4): never the empty state, which would say "nothing here" when the
 * truth is "we could not ask". One message and a "Try again" button that refetches; announced as an alert.
 */
export function LoadError({
  message = COMMON_TEXTS.listLoadFailed,
  onRetry,
  retrying = false,
  compact = false,
  className,
}: LoadErrorProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-center text-center',
        compact
          ? 'flex-wrap justify-between gap-2 rounded-xl border border-line bg-surface-muted px-3 py-2 text-left'
          : 'flex-col justify-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-10',
        className,
      )}
    >
      {compact ? null : (
        <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-fg-muted">
          <AlertTriangle className="size-6" aria-hidden />
        </span>
      )}
      <p className={cn('text-fg', compact ? 'min-w-0 flex-1 text-sm' : 'text-base font-semibold')}>{message}</p>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) void onRetry();
        }}
      >
        {retrying ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
        {COMMON_TEXTS.tryAgain}
      </Button>
    </div>
  );
}
