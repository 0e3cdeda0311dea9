import { useCallback } from 'react';
import { Newspaper } from 'lucide-react';
import { LoadError, loadFailed } from '@/components/load-error';
import { ScrollArrow } from '@/components/scroll-arrow';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { SCROLL_STEP_PX, useScrollArrows } from '@/lib/use-scroll-arrows';
import { useJoinedBlogs } from './api';
import { BlogCard } from './blog-card';
import { BLOG_TEXTS } from './texts';

/**
 * The home feed's horizontal strip of blog cards from the communities the viewer joined or owns (SPEC §2), newest
 * first; the next page loads when the end comes near. "No blogs to show at the moment.." when there are none; a
 * failed load says so with "Try again" (issue 12 §2.4).
 */
export function BlogStrip() {
  const blogs = useJoinedBlogs();
  const list = blogs.data?.pages.flatMap((p) => p.blogs) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = blogs;
  // Near the end: fetch the next page, so the right arrow keeps having somewhere to go.
  const loadNearEnd = useCallback(
    (node: HTMLUListElement) => {
      if (hasNextPage && !isFetchingNextPage && node.scrollLeft + node.clientWidth > node.scrollWidth - SCROLL_STEP_PX)
        void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const { ref: scroller, arrows, measure, scroll } = useScrollArrows<HTMLUListElement>(list.length, loadNearEnd);

  if (blogs.isPending) {
    return (
      <div aria-hidden className="flex gap-4 overflow-hidden">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="w-72 shrink-0 overflow-hidden rounded-2xl border border-line bg-surface">
            <Skeleton className="aspect-[2/1] w-full rounded-none" />
            <div className="space-y-3 p-4">
              <Skeleton className="h-5 w-4/5" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (loadFailed(blogs))
    return <LoadError message={BLOG_TEXTS.listLoadFailed} onRetry={() => blogs.refetch()} retrying={blogs.isFetching} />;
  if (list.length === 0) return <EmptyState icon={Newspaper} title={BLOG_TEXTS.noBlogsFeed} />;

  return (
    <div className="relative">
      <ul ref={scroller} onScroll={measure} className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pt-1 pb-3 [scrollbar-width:thin]">
        {list.map((blog) => (
          <li key={blog.id} className="flex w-72 max-w-[80vw] shrink-0 snap-start">
            <BlogCard blog={blog} showGroup className="w-full" />
          </li>
        ))}
      </ul>
      {arrows.left ? (
        <ScrollArrow side="left" label={BLOG_TEXTS.scrollLeft} onClick={() => scroll('left')} className="top-[calc(50%-1.25rem)]" />
      ) : null}
      {arrows.right ? (
        <ScrollArrow side="right" label={BLOG_TEXTS.scrollRight} onClick={() => scroll('right')} className="top-[calc(50%-1.25rem)]" />
      ) : null}
    </div>
  );
}
