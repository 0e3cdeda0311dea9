import { Suspense, useEffect, useRef, useState } from 'react';
import { DiscussionPlaceholders } from '@/components/discussion-skeleton';
import type { DiscussionFeedProps } from '@/features/discussions/public';
import { LazyDiscussionFeed as DiscussionFeed } from '@/features/discussions/lazy';

/**
 * The discussion feed for a page where it sits below the fold (Explore, a visitor's landing page): its
 * placeholders show at once, and the feed's code and first page load on the first scroll or when the feed is on
 * screen (a tall window), so someone who only looks at the top of the page never downloads post cards and the
 * renderer (docs/decisions/0049-explore-s-discussions-load-below-the-fold.md). Without IntersectionObserver it loads at once.
 */
export function ExploreDiscussions(props: DiscussionFeedProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !anchor.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(anchor.current);
    // The browser's scroll restoration sends a scroll event at 0: only a real scroll down counts.
    const onScroll = () => {
      if (window.scrollY > 0) setNear(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [near]);
  const placeholders = <DiscussionPlaceholders label={props.label} count={props.skeletons} />;
  return (
    <div ref={anchor}>
      {near ? (
        <Suspense fallback={placeholders}>
          <DiscussionFeed {...props} />
        </Suspense>
      ) : (
        placeholders
      )}
    </div>
  );
}
