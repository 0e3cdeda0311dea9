import { Link } from 'react-router';
import { BadgeCheck, Users } from 'lucide-react';
import { groupWebPath, type Group } from '@agora/contract';
import { LoadError, loadFailed } from '@/components/load-error';
import { ScrollArrow } from '@/components/scroll-arrow';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/spinner';
import { useScrollArrows } from '@/lib/use-scroll-arrows';
import { useSuggestedGroups } from './api';
import { RowMembershipButton } from './group-row';
import { GROUP_TEXTS } from './texts';

/** SPEC §9: Explore shows 10 placeholders while the suggested communities load. */
const SKELETONS = 10;

/** Explore's row of suggested public communities (SPEC §2): cards with banner, picture, name, size and JOIN. */
export function SuggestedGroups() {
  const suggested = useSuggestedGroups();
  const groups = suggested.data?.groups ?? [];
  const { ref: scroller, arrows, measure, scroll } = useScrollArrows<HTMLUListElement>(groups.length);

  if (suggested.isPending) {
    return (
      <ul aria-busy="true" aria-label={GROUP_TEXTS.loadingSuggested} className="flex gap-4 overflow-hidden pb-2">
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
  return (
    <div className="relative">
      <ul
        ref={scroller}
        onScroll={measure}
        aria-label={GROUP_TEXTS.suggestedTitle}
        className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pb-3"
      >
        {groups.map((group) => (
          <SuggestedCard key={group.id} group={group} />
        ))}
      </ul>
      {arrows.left ? <ScrollArrow side="left" label={GROUP_TEXTS.suggestedScrollLeft} onClick={() => scroll('left')} /> : null}
      {arrows.right ? <ScrollArrow side="right" label={GROUP_TEXTS.suggestedScrollRight} onClick={() => scroll('right')} /> : null}
    </div>
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
          <p className="text-xs text-fg-muted">{GROUP_TEXTS.memberCount(group.member_count)}</p>
        </div>
      </Link>
      <div className="mt-auto flex justify-end px-4 pt-3 pb-4">
        <RowMembershipButton group={group} />
      </div>
    </li>
  );
}
