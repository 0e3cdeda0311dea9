import { useLocation, useNavigate } from 'react-router';
import { Clock, LogIn, LogOut, UserPlus } from 'lucide-react';
import type { GroupDetailResponse } from '@agora/contract';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { loginPathFor } from '@/features/auth/public';
import type { Viewer } from './access';
import { useMembership } from './membership';
import { useLeaveConfirm } from './leave-confirm';
import { GROUP_TEXTS } from './texts';

interface MembershipButtonProps {
  detail: GroupDetailResponse;
  viewer: Viewer;
  /** Overrides the JOIN label (the Discussion tab's "Join Group"). */
  joinLabel?: string;
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * JOIN / Leave / Requested (SPEC §2, §4). A visitor's JOIN goes to /login and comes back; the owner sees none.
 * In a private community JOIN sends a request, and Requested cancels it. Changes show at once and roll back on
 * failure; clicks while a call runs are ignored.
 */
export function MembershipButton({ detail, viewer, joinLabel = GROUP_TEXTS.join, size = 'md', className }: MembershipButtonProps) {
  const membership = useMembership();
  const leave = useLeaveConfirm();
  const navigate = useNavigate();
  const location = useLocation();
  const { group } = detail;
  if (viewer.isOwner) return null;

  if (!viewer.signedIn) {
    return (
      <Button size={size} className={className} onClick={() => void navigate(loginPathFor(`${location.pathname}${location.search}`))}>
        <LogIn aria-hidden />
        {joinLabel}
      </Button>
    );
  }

  const busy = membership.isRunning(group);
  if (viewer.isMember) {
    return (
      <>
        <Button
          variant="outline"
          size={size}
          className={cn('hover:border-danger-fg hover:text-danger-fg', className)}
          aria-busy={busy || undefined}
          onClick={() => leave.ask(group)}
        >
          <LogOut aria-hidden />
          {GROUP_TEXTS.leave}
        </Button>
        {leave.dialog}
      </>
    );
  }
  if (viewer.requested) {
    return (
      <Button
        variant="secondary"
        size={size}
        className={className}
        title={GROUP_TEXTS.cancelTheRequest}
        aria-busy={busy || undefined}
        onClick={() => membership.run('cancel', group)}
      >
        <Clock aria-hidden />
        {GROUP_TEXTS.requested}
      </Button>
    );
  }
  return (
    <Button size={size} className={className} aria-busy={busy || undefined} onClick={() => membership.run('join', group)}>
      <UserPlus aria-hidden />
      {joinLabel}
    </Button>
  );
}
