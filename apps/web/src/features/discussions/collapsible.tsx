import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { DISCUSSION_TEXTS } from './texts';

/** SPEC §9: content taller than this collapses… */
export const COLLAPSE_ABOVE_PX = 700;
/** …to this height, with Read more / Show less. */
export const COLLAPSED_HEIGHT_PX = 560;

/**
 * Long content (SPEC §2): measured as it renders and again whenever it resizes (images loading, a narrower screen);
 * taller than 700 px, it shows its first 560 px with Read more; Show less folds it again and brings the start back
 * into view.
 */
export function Collapsible({ children, className }: { children: ReactNode; className?: string }) {
  const content = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const id = useId();
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const node = content.current;
    if (!node) return;
    const measure = () => setTall(node.offsetHeight > COLLAPSE_ABOVE_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const collapsed = tall && !expanded;
  const toggle = () => {
    if (expanded) {
      const top = frame.current?.getBoundingClientRect().top ?? 0;
      if (top < 0) frame.current?.scrollIntoView({ block: 'start' });
    }
    setExpanded(!expanded);
  };

  return (
    <div className={className}>
      <div
        ref={frame}
        id={id}
        data-collapsed={collapsed || undefined}
        className={cn('relative', collapsed && 'overflow-hidden')}
        style={collapsed ? { maxHeight: COLLAPSED_HEIGHT_PX } : undefined}
      >
        <div ref={content}>{children}</div>
        {collapsed ? (
          <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-surface to-transparent" />
        ) : null}
      </div>
      {tall ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={toggle}
          className="mt-2 rounded-md text-sm font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {expanded ? DISCUSSION_TEXTS.showLess : DISCUSSION_TEXTS.readMore}
        </button>
      ) : null}
    </div>
  );
}
