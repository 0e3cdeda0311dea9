import { useEffect, useRef, type ReactNode } from 'react';
import { LoadError, loadFailed } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { useDiscussionFeed, type FeedSource } from './api';
import { freshFirst, useFreshDiscussions } from './fresh-discussions';
import { DiscussionCard } from './discussion-card';
import { DiscussionPlaceholders } from '@/components/discussion-skeleton';
import { DISCUSSION_TEXTS } from './texts';

export interface DiscussionFeedProps {
  source: FeedSource;
  /** Placeholders while the first page loads. */
  skeletons: number;
  /** Shown when there is nothing to show; a failed load shows `LoadError` instead (issue 12 §2.4). */
  empty: ReactNode;
  /** Cards name their community (home and Explore). */
  showGroup?: boolean;
  /** Above the list once it has loaded (the composer). */
  header?: ReactNode;
  label: string;
}

/**
 * A feed of post cards, loading the next page (`nextCursor`) as the end comes into view. Posts the viewer just
 * wrote come first (above pinned ones) and the newest is scrolled into view once (issue 12 §2.5); each post shows
 * once even when a refresh moved it to another page.
 */
export function DiscussionFeed({ source, skeletons, empty, showGroup = false, header = null, label }: DiscussionFeedProps) {
  const feed = useDiscussionFeed(source);
  const freshIds = useFreshDiscussions();
  const posts = freshFirst(uniquePosts(feed.data?.pages.flatMap((page) => page.discussions) ?? []), freshIds);
  const newest = freshIds[0];
  const shownNewest = newest !== undefined && posts.some((p) => p.id === newest);
  const scrolledTo = useRef<number | undefined>(newest);
  useEffect(() => {
    if (!shownNewest || scrolledTo.current === newest) return;
    scrolledTo.current = newest;
    document.querySelector(`[data-post-id="${newest}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [newest, shownNewest]);

  // A failed refetch keeps what was shown; a failed first load says so, with a way to retry.
  useEffect(() => {
    if (feed.isError && !feed.data) console.error(feed.error);
  }, [feed.isError, feed.data, feed.error]);

  if (feed.isPending) {
    return (
      <div className="space-y-4">
        {header}
        <DiscussionPlaceholders label={label} count={skeletons} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {header}
      {loadFailed(feed) ? (
        <LoadError message={DISCUSSION_TEXTS.feedLoadFailed} onRetry={() => feed.refetch()} retrying={feed.isFetching} />
      ) : posts.length === 0 ? (
        empty
      ) : (
        <ul aria-label={label} className="space-y-4">
          {posts.map((post) => (
            <li key={post.id} data-post-id={post.id}>
              <DiscussionCard post={post} showGroup={showGroup} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={feed.hasNextPage}
        loading={feed.isFetchingNextPage}
        onLoadMore={() => void feed.fetchNextPage()}
        label={DISCUSSION_TEXTS.moreDiscussions}
      />
    </div>
  );
}

function uniquePosts<T extends { id: number }>(posts: T[]): T[] {
  const seen = new Set<number>();
  return posts.filter((p) => !seen.has(p.id) && seen.add(p.id));
}
