import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, Newspaper } from 'lucide-react';
import { LoadError, loadFailed } from '@/components/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useJoinedBlogs } from './api';
import { BlogCard } from './blog-card';
import { BLOG_TEXTS } from './texts';

/** SPEC §9: the strip scrolls 500 px per arrow click; an arrow shows while more than 10 px is hidden on its side. */
export const BLOG_STRIP_STEP_PX = 500;
export const BLOG_STRIP_ARROW_MARGIN_PX = 10;

/** Which arrows the strip needs: more than 10 px hidden on the left / on the right. */
export function stripArrows(scrollLeft: number, clientWidth: number, scrollWidth: number) {
  return {
    left: scrollLeft > BLOG_STRIP_ARROW_MARGIN_PX,
    right: scrollLeft + clientWidth < scrollWidth - BLOG_STRIP_ARROW_MARGIN_PX,
  };
}

/**
 * The home feed's horizontal strip of blog cards from the communities the viewer joined or owns (SPEC §2), newest
 * first; the next page loads when the end comes near. "No blogs to show at the moment.." when there are none; a
 * failed load says so with "Try again" (issue 12 §2.4).
 */
export function BlogStrip() {
  const blogs = useJoinedBlogs();
  const list = blogs.data?.pages.flatMap((p) => p.blogs) ?? [];
  const scroller = useRef<HTMLUListElement>(null);
  const [arrows, setArrows] = useState({ left: false, right: false });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = blogs;

  const measure = useCallback(() => {
    const node = scroller.current;
    if (!node) return;
    const next = stripArrows(node.scrollLeft, node.clientWidth, node.scrollWidth);
    setArrows((current) => (current.left === next.left && current.right === next.right ? current : next));
    // Near the end: fetch the next page, so the right arrow keeps having somewhere to go.
    if (hasNextPage && !isFetchingNextPage && node.scrollLeft + node.clientWidth > node.scrollWidth - BLOG_STRIP_STEP_PX)
      void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    measure();
    const node = scroller.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure, list.length]);

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

  const scrollBy = (step: number) => scroller.current?.scrollBy({ left: step, behavior: 'smooth' });
  return (
    <div className="relative">
      <ul ref={scroller} onScroll={measure} className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pt-1 pb-3 [scrollbar-width:thin]">
        {list.map((blog) => (
          <li key={blog.id} className="flex w-72 max-w-[80vw] shrink-0 snap-start">
            <BlogCard blog={blog} showCommunity className="w-full" />
          </li>
        ))}
      </ul>
      {arrows.left ? <StripArrow side="left" onClick={() => scrollBy(-BLOG_STRIP_STEP_PX)} /> : null}
      {arrows.right ? <StripArrow side="right" onClick={() => scrollBy(BLOG_STRIP_STEP_PX)} /> : null}
    </div>
  );
}

function StripArrow({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={side === 'left' ? BLOG_TEXTS.scrollLeft : BLOG_TEXTS.scrollRight}
      onClick={onClick}
      className={cn(
        'absolute top-[calc(50%-1.25rem)] z-20 flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-panel',
        'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        side === 'left' ? '-left-2 sm:-left-4' : '-right-2 sm:-right-4',
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
