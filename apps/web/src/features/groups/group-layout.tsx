import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { groupWebPath, type GroupDetailResponse } from '@agora/contract';
import { MissingState } from '@/components/missing-state';
import { Skeleton } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { viewerOf } from './access';
import type { GroupOutletContext } from './group-context';
import { useGroup } from './api';
import { GroupHeader } from './group-header';
import { forgetTab, rememberTab, RESTRICTED_TABS, tabToRestore, type GroupTab } from './tab-memory';
import { GROUP_TEXTS } from './texts';

function tabOf(pathname: string, basePath: string): GroupTab {
  const rest = pathname.slice(basePath.length).split('/').filter(Boolean)[0];
  return rest === 'members' || rest === 'blogs' || rest === 'discussions' ? rest : 'overview';
}

/**
 * What the community page shows of features above groups (docs/ARCHITECTURE.md "Feature order"): app/ passes them
 * in, so groups never imports members. The tabs themselves are routes composed by app/group-routes.tsx.
 */
export interface GroupLayoutSlots {
  /** The viewer's pending invitation, answered in the header. */
  invitation: (invite: NonNullable<GroupDetailResponse['invite']>) => ReactNode;
  /** The Members tab's badge for staff of a private community (pending join requests). */
  requestsBadge: (groupId: number) => ReactNode;
  /** The staff's "Reports (n)" tab (issue 15 §2) at the end of the section bar, and the queue it opens under the header. */
  reportsTab?: (groupId: number) => ReactNode;
  reportsPanel?: (groupId: number) => ReactNode;
  /** "Search this community" (issue 16) at the end of the section bar, for those who may read its content. */
  search?: (group: { slug: string; name: string }) => ReactNode;
}

/**
 * `/group/{slug or id}` and its tabs (SPEC §2): the header, the tab bar, and the tab's page. Members, Blogs and
 * Discussion exist only when the community is public or the viewer belongs to it; opening one otherwise, or when
 * the community cannot be checked, goes to `/group/{id}` (SPEC §4).
 */
export function GroupLayout({ slots }: { slots: GroupLayoutSlots }) {
  const { groupId = '' } = useParams();
  const basePath = groupWebPath(encodeURIComponent(groupId));
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const query = useGroup(groupId);
  const tab = tabOf(location.pathname, basePath);
  const detail = query.data;
  const viewer = detail ? viewerOf(detail, session) : null;

  const groupKey = detail?.group.id;
  const canSeeContent = viewer?.canSeeContent ?? false;
  // Opening the bare community path restores the last visited tab; a tab no longer visible is dropped.
  useEffect(() => {
    if (groupKey === undefined || tab !== 'overview') return;
    const target = tabToRestore(groupKey, canSeeContent);
    if (target !== 'overview') void navigate(`${basePath}/${target}`, { replace: true });
    // Once per arrival at the overview path, not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, groupKey]);
  useEffect(() => {
    if (groupKey === undefined || tab === 'overview') return;
    if (canSeeContent) rememberTab(groupKey, tab);
    else forgetTab(groupKey);
  }, [groupKey, tab, canSeeContent]);

  const restricted = RESTRICTED_TABS.includes(tab);
  if (query.isPending) return <GroupSkeleton />;
  if (query.isError || !detail || !viewer) {
    // The query string goes along: a shared post link (?post=) on a private community's tab still opens its panel,
    // which then says why the post cannot be read.
    if (restricted) return <Navigate to={{ pathname: basePath, search: location.search }} replace />;
    return <GroupNotFound retry={query.error instanceof ApiError && query.error.status === 404 ? undefined : () => void query.refetch()} />;
  }
  if (restricted && !viewer.canSeeContent) return <Navigate to={{ pathname: basePath, search: location.search }} replace />;

  const tabs: GroupTab[] = viewer.canSeeContent ? ['overview', 'members', 'blogs', 'discussions'] : ['overview'];
  const context: GroupOutletContext = { detail, viewer, basePath };
  return (
    <div className="space-y-6">
      <title>{`${detail.group.group_name} · Agora`}</title>
      <GroupHeader detail={detail} viewer={viewer} invitation={detail.invite && !viewer.isMember ? slots.invitation(detail.invite) : null}>
        <div className="flex items-center border-t border-line px-1 sm:px-4">
          <nav aria-label={GROUP_TEXTS.sections} className="min-w-0 flex-1">
            {/* Wraps rather than scrolls: on a phone the staff's Reports tab (and its badge) goes to a second row
                instead of hiding past the strip's edge (issue 15 §2). */}
            <ul className="-mb-px flex flex-wrap sm:gap-1">
              {tabs.map((t) => (
                <li key={t} className="shrink-0">
                  <Link
                    to={t === 'overview' ? basePath : `${basePath}/${t}`}
                    aria-current={t === tab ? 'page' : undefined}
                    onClick={() => rememberTab(detail.group.id, t)}
                    className={cn(
                      'inline-flex h-12 items-center border-b-2 px-2.5 text-sm font-semibold transition-colors sm:px-3',
                      'focus-visible:rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                      t === tab ? 'border-brand-600 text-accent-fg' : 'border-transparent text-fg-muted hover:text-fg',
                    )}
                  >
                    {GROUP_TEXTS.tabs[t]}
                    {t === 'members' && viewer.isStaff && detail.group.is_private === 1 ? slots.requestsBadge(detail.group.id) : null}
                  </Link>
                </li>
              ))}
              {viewer.isStaff && slots.reportsTab ? <li className="shrink-0">{slots.reportsTab(detail.group.id)}</li> : null}
            </ul>
          </nav>
          {viewer.canSeeContent && slots.search ? slots.search({ slug: detail.group.slug, name: detail.group.group_name }) : null}
        </div>
      </GroupHeader>
      {viewer.isStaff && slots.reportsPanel ? slots.reportsPanel(detail.group.id) : null}
      <Outlet context={context} />
    </div>
  );
}

/** SPEC §2 "Community Not Found" with Go Back; a failure other than 404 also offers a retry. */
export function GroupNotFound({ retry }: { retry?: () => void }) {
  return <MissingState title={GROUP_TEXTS.notFound} hint={GROUP_TEXTS.notFoundHint} goBack={GROUP_TEXTS.goBack} retry={retry} />;
}

function GroupSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={GROUP_TEXTS.loadingCommunity}
      className="overflow-hidden rounded-2xl border border-line bg-surface"
    >
      <Skeleton className="aspect-[3/1] max-h-64 w-full rounded-none" />
      <div className="flex items-end gap-4 px-6 pb-6">
        <Skeleton className="-mt-12 size-24 rounded-full border-4 border-surface" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-7 w-56 max-w-full" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
    </div>
  );
}
