import { useState } from 'react';
import { SearchX, Users } from 'lucide-react';
import { isStaff, type GroupMember, type Role } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Picture } from '@/components/ui/picture';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useProfilePanel } from '@/features/profiles/public';
import { FriendActions } from '@/features/friends/public';
import { useGroupMembers } from './api';
import { InviteButton } from './invite-dialog';
import { JoinRequests } from './join-requests';
import { PendingInvitations } from './pending-invitations';
import { useGroupContext } from '@/features/groups/public';
import { MemberMenu } from './member-menu';
import { ReportButton } from '@/features/moderation/lazy';
import { ROLE_LABELS, RoleName } from './role-name';
import { GROUP_TEXTS } from '@/features/groups/public';
import { BannedList, ModerationLog } from '@/features/moderation/public';

/**
 * `/group/{x}/members` (SPEC §2): "{n} Members", a server-side username search (300 ms debounce), owner first,
 * role colours and icons, the staff's options menu, join requests and Invite for staff, and more as you scroll;
 * for staff also the banned list and the moderation log (issue 15).
 */
export function MembersPage() {
  const { detail, viewer } = useGroupContext();
  const groupId = detail.group.id;
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim());
  const members = useGroupMembers(groupId, search);
  const list = members.data?.pages.flatMap((p) => p.members) ?? [];

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      {viewer.isStaff ? <JoinRequests groupId={groupId} /> : null}
      {viewer.isStaff ? <PendingInvitations groupId={groupId} /> : null}
      <section aria-labelledby="members-heading" className="rounded-2xl border border-line bg-surface shadow-sm">
        <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-center sm:p-5">
          <h2 id="members-heading" className="flex-1 text-lg font-semibold tracking-tight text-fg">
            {GROUP_TEXTS.membersHeading(detail.group.member_count)}
          </h2>
          <div className="flex gap-2">
            <SearchInput label={GROUP_TEXTS.findMember} value={term} onChange={setTerm} className="min-w-0 flex-1 sm:w-64" />
            {viewer.isStaff ? <InviteButton groupId={groupId} /> : null}
          </div>
        </div>
        {members.isPending ? (
          <MemberSkeletons />
        ) : members.isError ? (
          <LoadError
            message={GROUP_TEXTS.membersLoadFailed}
            onRetry={() => members.refetch()}
            retrying={members.isFetching}
            className="m-5"
          />
        ) : list.length === 0 ? (
          <div className="p-5">
            <EmptyState icon={search ? SearchX : Users} title={search ? GROUP_TEXTS.noMembersMatching(search) : GROUP_TEXTS.noMembers} />
          </div>
        ) : (
          <ul aria-label={GROUP_TEXTS.members} className="divide-y divide-line">
            {list.map((member) => (
              <MemberRow key={member.id} groupId={groupId} member={member} actor={viewer.role} />
            ))}
          </ul>
        )}
        <LoadMore
          hasMore={Boolean(members.hasNextPage)}
          loading={members.isFetchingNextPage}
          onLoadMore={() => void members.fetchNextPage()}
        />
      </section>
      {/* Issue 15 §4, §5: the bans in force and the moderation log, for staff only. */}
      {viewer.isStaff ? <BannedList groupId={groupId} /> : null}
      {viewer.isStaff ? <ModerationLog groupId={groupId} /> : null}
    </div>
  );
}

function MemberRow({ groupId, member, actor }: { groupId: number; member: GroupMember; actor: Role | null }) {
  const session = useSession();
  const profile = useProfilePanel();
  const self = session?.userId === member.id;
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:px-5">
      <Picture src={member.profileImage} size="md" />
      <div className="min-w-0 flex-1">
        {/* The name opens the profile, as names do everywhere (a visitor is sent to sign in first). */}
        <button
          type="button"
          onClick={() => profile.open(member.id)}
          className="flex min-h-6 max-w-full rounded-md text-left hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <RoleName username={member.username} role={member.role_name} className="max-w-full" />
        </button>
        <p className="text-xs text-fg-muted">
          {ROLE_LABELS[member.role_name]}
          {self ? ` · ${GROUP_TEXTS.you}` : ''}
        </p>
      </div>
      {session && !self ? (
        <div className="flex shrink-0 items-center gap-1">
          {/* SPEC §2/§6: staff get the options menu; everyone else gets friend actions instead. */}
          {actor && isStaff(actor) ? (
            <MemberMenu groupId={groupId} actor={actor} member={member} />
          ) : (
            <FriendActions userId={member.id} username={member.username} inList />
          )}
          <ReportButton targetType="user" targetId={member.id} groupId={groupId} authorId={member.id} name={member.username} />
        </div>
      ) : null}
    </li>
  );
}

function MemberSkeletons() {
  return (
    <ul aria-hidden className="divide-y divide-line">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-5 py-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-16" />
          </div>
        </li>
      ))}
    </ul>
  );
}
