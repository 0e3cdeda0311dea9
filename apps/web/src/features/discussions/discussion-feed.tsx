import { useEffect, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { useDiscussionFeed, type FeedSource } from './api';
import { PostCard } from './post-card';
import { PostPlaceholders } from '@/components/post-skeleton';
import { DISCUSSION_TEXTS } from './texts';

export interface DiscussionFeedProps {
  source: FeedSource;
  /** Placeholders while the first page loads. */
  skeletons: number;
  /** Shown when there is nothing to show (or the list failed to load: SPEC §8 "a failed list load shows an empty list"). */
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

  // A failed refetch keeps what was shown; a failed first load shows the empty state with a way to retry.
  useEffect(() => {
    if (feed.isError && !feed.data) console.error(feed.error);
  }, [feed.isError, feed.data, feed.error]);

  if (feed.isPending) {
    return (
      <div className="space-y-4">
        {header}
        <PostPlaceholders label={label} count={skeletons} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {header}
      {posts.length === 0 ? (
        <>
          {empty}
          {feed.isError ? (
            <div className="flex justify-center">
              <Button variant="ghost" size="sm" onClick={() => void feed.refetch()}>
                <RefreshCw aria-hidden />
                Try again
              </Button>
            </div>
          ) : null}
        </>
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
