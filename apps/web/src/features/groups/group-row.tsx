import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BadgeCheck, Lock } from 'lucide-react';
import { groupWebPath, type Group } from '@agora/contract';
import { Button, buttonClasses } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Tooltip } from '@/components/ui/tooltip';
import { useSession } from '@/lib/session';
import { loginPathFor } from '@/features/auth/public';
import { useMembership } from './membership';
import { useLeaveConfirm } from './leave-confirm';
import { GROUP_TEXTS } from './texts';

/** A community in a list: picture, name with badges, member count; the row links to `/group/{slug}`. */
export function GroupRow({
  group,
  action,
  tooltip,
  onNavigate,
}: {
  group: Group;
  action?: ReactNode;
  tooltip?: string;
  onNavigate?: () => void;
}) {
  const link = (
    <Link
      to={groupWebPath(group.slug)}
      onClick={onNavigate}
      className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1.5 transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <FallbackImage
        src={group.group_dp}
        kind="community"
        alt=""
        className="size-11 shrink-0 rounded-full bg-surface-strong object-cover"
      />
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1">
          <span className="truncate font-semibold text-fg">{group.group_name}</span>
          {group.group_verified ? (
            <BadgeCheck className="size-4 shrink-0 text-accent-fg" aria-label={GROUP_TEXTS.verified} role="img" />
          ) : null}
          {group.is_private ? (
            <Lock className="size-3.5 shrink-0 text-fg-muted" aria-label={GROUP_TEXTS.privateCommunity} role="img" />
          ) : null}
        </span>
        <span className="block truncate text-xs text-fg-muted">{GROUP_TEXTS.memberCount(group.member_count)}</span>
      </span>
    </Link>
  );
  return (
    <li className="flex items-center gap-2">
      {tooltip ? (
        <Tooltip content={tooltip} side="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
      {action}
    </li>
  );
}

/** Join or Leave for one row (SPEC §2 side panel); none for the owner; a visitor's JOIN goes to /login (SPEC §6). */
export function RowMembershipButton({ group }: { group: Group }) {
  const session = useSession();
  const membership = useMembership();
  const leave = useLeaveConfirm();
  const location = useLocation();
  if (!session) {
    return (
      <Link
        to={loginPathFor(`${location.pathname}${location.search}`)}
        className={buttonClasses('primary', 'sm')}
        aria-label={GROUP_TEXTS.joinGroupName(group.group_name)}
      >
        {GROUP_TEXTS.join}
      </Link>
    );
  }
  if (group.is_owner || group.owner_id === session.userId) return null;
  const busy = membership.isRunning(group);
  return group.is_member ? (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-busy={busy || undefined}
        onClick={() => leave.ask(group)}
        aria-label={GROUP_TEXTS.leaveGroupName(group.group_name)}
      >
        {GROUP_TEXTS.leave}
      </Button>
      {leave.dialog}
    </>
  ) : (
    <Button
      size="sm"
      aria-busy={busy || undefined}
      onClick={() => membership.run('join', group)}
      aria-label={GROUP_TEXTS.joinGroupName(group.group_name)}
    >
      {GROUP_TEXTS.join}
    </Button>
  );
}
