import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { COMMON_TEXTS } from '@/lib/texts';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
}

/**
 * Infinite scroll for keyset-paged lists: the next page loads when this comes within 400 px of the viewport, and
 * a button does the same for keyboards and for browsers without IntersectionObserver.
 */
export function LoadMore({ hasMore, loading, onLoadMore, label = COMMON_TEXTS.showMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-3">
      {loading ? (
        <Spinner label={COMMON_TEXTS.loadingMore} />
      ) : (
        <Button variant="ghost" size="sm" onClick={onLoadMore}>
          {label}
        </Button>
      )}
    </div>
  );
}
