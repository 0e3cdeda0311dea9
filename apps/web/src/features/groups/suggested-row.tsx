import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, ChevronLeft, ChevronRight, Users } from 'lucide-react';
import { groupWebPath, type Group } from '@agora/contract';
import { LoadError, loadFailed } from '@/components/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/spinner';
import { useSuggestedGroups } from './api';
import { cn } from '@/lib/cn';
import { RowMembershipButton } from './group-row';
import { countLabel, GROUP_TEXTS } from './texts';

/** SPEC §9, as the other strips: 500 px per arrow click; an arrow shows while more than 10 px is hidden on its side. */
const SCROLL_STEP_PX = 500;
const ARROW_MARGIN_PX = 10;
// Not nav-strip's arrowsFor: importing the signed-in strip would put it in the visitor's Explore chunk.
function arrowsFor(scrollLeft: number, clientWidth: number, scrollWidth: number) {
  return { left: scrollLeft > ARROW_MARGIN_PX, right: scrollLeft + clientWidth < scrollWidth - ARROW_MARGIN_PX };
}

/** SPEC §9: Explore shows 10 placeholders while the suggested communities load. */
const SKELETONS = 10;

/** Explore's row of suggested public communities (SPEC §2): cards with banner, picture, name, size and JOIN. */
export function SuggestedCommunities() {
  const suggested = useSuggestedGroups();
  const groups = suggested.data?.groups ?? [];
  const scroller = useRef<HTMLUListElement>(null);
  const [arrows, setArrows] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const node = scroller.current;
    if (!node) return;
    const next = arrowsFor(node.scrollLeft, node.clientWidth, node.scrollWidth);
    setArrows((current) => (current.left === next.left && current.right === next.right ? current : next));
  }, []);
  // Measured before the first paint (a layout effect), so a row that does not fit shows its arrow at once instead
  // of looking merely clipped; then again whenever its size changes.
  useLayoutEffect(() => {
    measure();
    const node = scroller.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure, groups.length]);

  if (suggested.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading suggested communities" className="flex gap-4 overflow-hidden pb-2">
        {Array.from({ length: SKELETONS }, (_, i) => (
          <li key={i} data-testid="suggested-skeleton" className="w-56 shrink-0">
            <Skeleton className="h-44 w-full rounded-2xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (loadFailed(suggested))
    return <LoadError message={GROUP_TEXTS.listLoadFailed} onRetry={() => suggested.refetch()} retrying={suggested.isFetching} />;
  if (groups.length === 0) return <EmptyState icon={Users} title={GROUP_TEXTS.noSuggested} />;
  const scrollBy = (step: number) => scroller.current?.scrollBy({ left: step, behavior: 'smooth' });
  return (
    <div className="relative">
      <ul ref={scroller} onScroll={measure} aria-label={GROUP_TEXTS.suggestedTitle} className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-3">
        {groups.map((group) => (
          <SuggestedCard key={group.id} group={group} />
        ))}
      </ul>
      {arrows.left ? <RowArrow side="left" onClick={() => scrollBy(-SCROLL_STEP_PX)} /> : null}
      {arrows.right ? <RowArrow side="right" onClick={() => scrollBy(SCROLL_STEP_PX)} /> : null}
    </div>
  );
}

function RowArrow({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={side === 'left' ? GROUP_TEXTS.suggestedScrollLeft : GROUP_TEXTS.suggestedScrollRight}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 z-20 flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-panel',
        'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        side === 'left' ? '-left-2 sm:-left-4' : '-right-2 sm:-right-4',
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

function SuggestedCard({ group }: { group: Group }) {
  return (
    <li className="flex w-56 shrink-0 snap-start flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm sm:w-60">
      <Link
        to={groupWebPath(group.slug)}
        className="group block focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <FallbackImage src={group.group_banner} kind="banner" alt="" className="aspect-[3/1] w-full bg-surface-strong object-cover" />
        <div className="flex items-end gap-3 px-4">
          <FallbackImage
            src={group.group_dp}
            kind="community"
            alt=""
            className="-mt-6 size-12 shrink-0 rounded-full border-2 border-surface bg-surface-strong object-cover"
          />
        </div>
        <div className="px-4 pt-2">
          <p className="flex min-w-0 items-center gap-1 font-semibold text-fg group-hover:text-accent-fg">
            <span className="truncate">{group.group_name}</span>
            {group.group_verified ? (
              <BadgeCheck className="size-4 shrink-0 text-accent-fg" aria-label={GROUP_TEXTS.verified} role="img" />
            ) : null}
          </p>
          <p className="text-xs text-fg-muted">{countLabel(group.member_count, 'member', 'members')}</p>
        </div>
      </Link>
      <div className="mt-auto flex justify-end px-4 pt-3 pb-4">
        <RowMembershipButton group={group} />
      </div>
    </li>
  );
}
