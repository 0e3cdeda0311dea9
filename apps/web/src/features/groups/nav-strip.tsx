import { type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BadgeCheck, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { groupWebPath, type Group } from '@agora/contract';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useScrollArrows } from '@/lib/use-scroll-arrows';
import { useJoinedGroups, useMyGroups } from './api';
import { GROUP_TEXTS } from './texts';
import { groupsPanel } from './use-groups-panel';

const SKELETONS = 6;

/** Owned communities first, then joined ones the user does not own, each once. */
export function stripGroups(mine: readonly Group[], joined: readonly Group[], userId: number): Group[] {
  const seen = new Set<number>();
  const result: Group[] = [];
  for (const group of [...mine, ...joined.filter((g) => g.owner_id !== userId && !g.is_owner)]) {
    if (seen.has(group.id)) continue;
    seen.add(group.id);
    result.push(group);
  }
  return result;
}

function isActive(pathname: string, group: Group): boolean {
  const segment = decodeURIComponent(pathname.split('/')[2] ?? '');
  return pathname.startsWith('/group/') && (segment === group.slug || segment === String(group.id));
}

/**
 * SPEC §2 navigation strip (signed in, from 768 px): owned then joined communities, each with a tooltip of its
 * name and verified mark, the current one highlighted; 6 placeholders while loading; scroll arrows; and a
 * find-communities button that opens the side panel's Search tab.
 */
export function GroupsStrip() {
  const session = useSession();
  const location = useLocation();
  const mine = useMyGroups();
  const joined = useJoinedGroups();
  const loading = mine.isPending || joined.isPending;
  const groups = session ? stripGroups(mine.data?.groups ?? [], joined.data?.groups ?? [], session.userId) : [];

  const { ref: scroller, arrows, measure, scroll } = useScrollArrows<HTMLUListElement>(groups.length);

  if (!session) return null;

  return (
    <div className="hidden min-w-0 flex-1 items-center gap-1 md:flex" role="group" aria-label={GROUP_TEXTS.yourCommunities}>
      {arrows.left ? (
        <ArrowButton label={GROUP_TEXTS.scrollLeft} onClick={() => scroll('left')}>
          <ChevronLeft className="size-4" aria-hidden />
        </ArrowButton>
      ) : null}
      <ul
        ref={scroller}
        onScroll={measure}
        className="flex min-w-0 items-center gap-2 overflow-x-auto px-1 py-1.5 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {loading
          ? Array.from({ length: SKELETONS }, (_, i) => (
              <li key={i} aria-hidden data-testid="strip-skeleton">
                <Skeleton className="size-9 rounded-full" />
              </li>
            ))
          : groups.map((group) => {
              const active = isActive(location.pathname, group);
              return (
                <li key={group.id} className="shrink-0">
                  <Tooltip
                    content={
                      <span className="flex items-center gap-1">
                        {group.group_name}
                        {group.group_verified ? <BadgeCheck className="size-3.5" aria-label={GROUP_TEXTS.verified} role="img" /> : null}
                      </span>
                    }
                  >
                    <Link
                      to={groupWebPath(group.slug)}
                      aria-label={group.group_verified ? `${group.group_name} (${GROUP_TEXTS.verified})` : group.group_name}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'block size-9 rounded-full ring-offset-2 ring-offset-surface transition',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                        active ? 'ring-2 ring-brand-600' : 'opacity-90 hover:opacity-100 hover:ring-2 hover:ring-line-strong',
                      )}
                    >
                      <FallbackImage
                        src={group.group_dp}
                        kind="community"
                        alt=""
                        className="size-full rounded-full bg-surface-strong object-cover"
                      />
                    </Link>
                  </Tooltip>
                </li>
              );
            })}
      </ul>
      {arrows.right ? (
        <ArrowButton label={GROUP_TEXTS.scrollRight} onClick={() => scroll('right')}>
          <ChevronRight className="size-4" aria-hidden />
        </ArrowButton>
      ) : null}
      <Tooltip content={GROUP_TEXTS.findCommunities}>
        <button
          type="button"
          aria-label={GROUP_TEXTS.findCommunities}
          onClick={() => groupsPanel.open('findgroups')}
          className="flex size-9 shrink-0 items-center justify-center rounded-full border border-dashed border-line-strong text-fg-muted transition-colors hover:border-brand-600 hover:text-accent-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Search className="size-4" aria-hidden />
        </button>
      </Tooltip>
    </div>
  );
}

function ArrowButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-7 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-fg-muted shadow-sm hover:text-fg focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </button>
  );
}
