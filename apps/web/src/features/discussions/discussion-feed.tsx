import { useEffect, type ReactNode } from 'react';
import { LoadError, loadFailed } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { useDiscussionFeed, type FeedSource } from './api';
import { PostCard } from './post-card';
import { PostSkeleton } from '@/components/post-skeleton';
import { DISCUSSION_TEXTS } from './texts';

export interface DiscussionFeedProps {
  source: FeedSource;
  /** Placeholders while the first page loads. */
  skeletons: number;
  /** Shown when there is nothing to show; a failed load shows `LoadError` instead (issue 12 §2.4). */
  empty: ReactNode;
  /** Cards name their community (home and Explore). */
  showCommunity?: boolean;
  /** Above the list once it has loaded (the composer). */
  header?: ReactNode;
  label: string;
}

/** A feed of post cards, loading the next page (`nextCursor`) as the end comes into view. */
export function DiscussionFeed({ source, skeletons, empty, showCommunity = false, header = null, label }: DiscussionFeedProps) {
  const feed = useDiscussionFeed(source);
  const posts = feed.data?.pages.flatMap((page) => page.discussions) ?? [];

  // A failed refetch keeps what was shown; a failed first load says so, with a way to retry.
  useEffect(() => {
    if (feed.isError && !feed.data) console.error(feed.error);
  }, [feed.isError, feed.data, feed.error]);

  if (feed.isPending) {
    return (
      <div className="space-y-4">
        {header}
        <div aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`} className="space-y-4">
          {Array.from({ length: skeletons }, (_, i) => (
            <PostSkeleton key={i} />
          ))}
        </div>
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
            <li key={post.id}>
              <PostCard post={post} showCommunity={showCommunity} />
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
