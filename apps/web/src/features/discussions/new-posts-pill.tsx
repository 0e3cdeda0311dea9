import { useRef } from 'react';
import { ArrowUp } from 'lucide-react';
import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Discussion, DiscussionListResponse } from '@agora/contract';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useLiveRoomState, type LiveRoom } from '@/lib/live-rooms';
import { useFreshDiscussions } from './fresh-discussions';
import { takePendingPosts, usePendingPosts, type FeedName } from './live-posts';
import { LIVE_TEXTS } from './live-texts';

/** `posts` on top of the feed's first page, each once (newest first), as the viewer's own new post goes. */
export function prependPosts(old: unknown, posts: readonly Discussion[]): unknown {
  const data = old as InfiniteData<DiscussionListResponse> | undefined;
  if (!data?.pages?.length || posts.length === 0) return old;
  const present = new Set(data.pages.flatMap((page) => page.discussions.map((d) => d.id)));
  const fresh = posts.filter((p) => !present.has(p.id));
  if (fresh.length === 0) return old;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, discussions: [...fresh, ...first!.discussions] }, ...rest] };
}

/**
 * "N new posts" at the top of a feed (issue 17 §1): posts pushed while the reader is on the page wait here instead
 * of pushing the feed down under their eyes; a click puts them on top of the feed (a cache patch, no request),
 * scrolls the feed's top into view and focuses the newest. A polite live region says the count once it changes.
 * The viewer's own posts never count: this tab shows them itself (fresh-discussions.ts). `room`: the feed's live room,
 * whose state the pill carries as `data-live-state`.
 */
export function NewPostsPill({ feed, queryKey, room = null }: { feed: FeedName; queryKey: QueryKey; room?: LiveRoom | null }) {
  const queryClient = useQueryClient();
  const freshIds = useFreshDiscussions();
  const posts = usePendingPosts(feed).filter((p) => !freshIds.includes(p.id));
  const top = useRef<HTMLDivElement>(null);
  const count = posts.length;
  // Where the feed's room stands (journeys wait for "joined" before another person writes).
  const state = useLiveRoomState(room ?? '');

  const show = () => {
    const taken = takePendingPosts(feed);
    queryClient.setQueryData(queryKey, (old: unknown) => prependPosts(old, taken));
    const newest = taken[0];
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    if (!newest) return;
    // After React has rendered the posts: the newest takes focus (the pill it replaced is gone).
    requestAnimationFrame(() => {
      const item = document.querySelector<HTMLElement>(`[data-post-id="${newest.id}"]`);
      if (!item) return;
      item.tabIndex = -1;
      item.focus({ preventScroll: true });
    });
  };

  return (
    <div
      ref={top}
      data-live-state={room ? (state ?? 'none') : undefined}
      // Above the composer while shown, following the reader down the feed (sticky under the navigation bar); no
      // room at all while there is nothing new (the feed's gap below it is taken back).
      className={cn('sticky top-20 z-20 flex scroll-mt-24 justify-center', count === 0 && '-mb-4 h-0')}
    >
      <p role="status" className="sr-only">
        {count > 0 ? LIVE_TEXTS.newPosts(count) : ''}
      </p>
      {count > 0 ? (
        <button type="button" onClick={show} className={buttonClasses('primary', 'sm', 'rounded-full shadow-panel')}>
          <ArrowUp aria-hidden />
          {LIVE_TEXTS.newPosts(count)}
        </button>
      ) : null}
    </div>
  );
}
