import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** SPEC §9, for every horizontal strip: 500 px per arrow click; an arrow shows while more than 10 px is hidden. */
export const SCROLL_STEP_PX = 500;
export const SCROLL_ARROW_MARGIN_PX = 10;

export type ScrollArrows = { left: boolean; right: boolean };

/** Which arrows a scroller needs: more than 10 px hidden on the left / on the right. */
export function arrowsFor(scrollLeft: number, clientWidth: number, scrollWidth: number): ScrollArrows {
  return {
    left: scrollLeft > SCROLL_ARROW_MARGIN_PX,
    right: scrollLeft + clientWidth < scrollWidth - SCROLL_ARROW_MARGIN_PX,
  };
}

/**
 * The arrows of a horizontal strip, measured before the first paint (a layout effect, so a strip that does not fit
 * shows its arrow at once instead of looking merely clipped), on scroll and whenever its size or `itemCount`
 * changes. `onMeasure` sees the scroller each time (the blog strip loads its next page near the end).
 */
export function useScrollArrows<T extends HTMLElement>(itemCount: number, onMeasure?: (node: T) => void) {
  const ref = useRef<T>(null);
  const [arrows, setArrows] = useState<ScrollArrows>({ left: false, right: false });
  const measure = useCallback(() => {
    const node = ref.current;
    if (!node) return;
    const next = arrowsFor(node.scrollLeft, node.clientWidth, node.scrollWidth);
    setArrows((current) => (current.left === next.left && current.right === next.right ? current : next));
    onMeasure?.(node);
  }, [onMeasure]);
  useLayoutEffect(() => {
    measure();
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure, itemCount]);
  const scroll = useCallback((side: 'left' | 'right') => {
    ref.current?.scrollBy({ left: side === 'left' ? -SCROLL_STEP_PX : SCROLL_STEP_PX, behavior: 'smooth' });
  }, []);
  return { ref, arrows, measure, scroll };
}
