import { DISCUSSION_TEXTS } from './texts';

/** The "ALT" mark on an attached image that has a description (issue 18 §4); nothing without one. */
export function AltBadge({ alt }: { alt: string }) {
  if (alt === '') return null;
  return (
    <span data-testid="alt-badge" className="absolute top-1 left-1 rounded bg-overlay/80 px-1 text-[10px] leading-4 font-bold text-white">
      {DISCUSSION_TEXTS.altBadge}
    </span>
  );
}
