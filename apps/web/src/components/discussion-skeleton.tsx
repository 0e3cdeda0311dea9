import { Skeleton } from '@/components/ui/spinner';
import { COMMON_TEXTS } from '@/lib/texts';

/** A post-shaped placeholder while a feed loads (SPEC §9: 2 on the feed, 10 on Explore). */
export function DiscussionSkeleton() {
  return (
    <div data-testid="post-skeleton" aria-hidden className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}

/**
 * The feed's placeholders while its first page loads: a status region named for what is coming. The name needs
 * the role: an aria-label on a plain div is prohibited (axe aria-prohibited-attr) and read by nobody.
 */
export function DiscussionPlaceholders({ label, count }: { label: string; count: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={COMMON_TEXTS.loadingWhat(label)} className="space-y-4">
      {Array.from({ length: count }, (_, i) => (
        <DiscussionSkeleton key={i} />
      ))}
    </div>
  );
}
