import { useRef, useState } from 'react';
import { Check, UserMinus, UserPlus, UserX, X } from 'lucide-react';
import type { FriendStatus } from '@agora/contract';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { actionsFor, useFriendActions, useFriendStatus, type FriendAction } from './api';
import { FRIEND_TEXTS } from './texts';

const BUTTONS: Record<FriendAction, { label: string; icon: typeof UserPlus; variant: ButtonVariant }> = {
  request: { label: FRIEND_TEXTS.addFriend, icon: UserPlus, variant: 'primary' },
  cancel: { label: FRIEND_TEXTS.cancelRequest, icon: UserX, variant: 'outline' },
  accept: { label: FRIEND_TEXTS.accept, icon: Check, variant: 'primary' },
  reject: { label: FRIEND_TEXTS.reject, icon: X, variant: 'outline' },
  unfriend: { label: FRIEND_TEXTS.unfriend, icon: UserMinus, variant: 'outline' },
};

interface FriendActionsProps {
  userId: number;
  username: string;
  /** The status when the caller already knows it (a suggestion is not a friend): no status call then. */
  known?: FriendStatus;
  /**
   * In a list of people, each button also names its person for screen readers ("Add Friend grace"), and on
   * phones only the icon shows.
   */
  inList?: boolean;
  size?: ButtonSize;
  className?: string;
}

/**
 * The friend button(s) for one person (SPEC §4 Friend relation): Add Friend → Cancel Request; Accept or Reject;
 * Unfriend after "Are you sure you want to unfriend {name}?". Every change shows at once and rolls back with the
 * SPEC §8 alert if the call fails. Nothing for visitors or for oneself.
 */
export function FriendActions({ userId, username, known, inList = false, size = 'sm', className }: FriendActionsProps) {
  const session = useSession();
  const status = useFriendStatus(userId, known);
  const actions = useFriendActions();
  const [confirming, setConfirming] = useState(false);
  // Focus comes back here after the confirmation: by then the Unfriend button has become Add Friend.
  const first = useRef<HTMLButtonElement>(null);
  if (!session || session.userId === userId) return null;
  // SPEC §8: friend errors are only logged; a status that cannot be read shows no button rather than a wrong one.
  if (status.isError) return null;
  if (status.isPending) return <Skeleton className={cn('h-8 w-28', className)} />;

  const busy = actions.isBusy(userId);
  const onAction = (action: FriendAction) => {
    if (busy) return;
    if (action === 'unfriend') setConfirming(true);
    else actions.run(action, userId);
  };

  return (
    <div className={cn('flex shrink-0 items-center gap-1.5', className)} data-friend-status={status.data.status}>
      {actionsFor(status.data.status).map((action, index) => {
        const { label, icon: Icon, variant } = BUTTONS[action];
        return (
          <Button
            key={action}
            ref={index === 0 ? first : undefined}
            variant={variant}
            size={size}
            // aria-disabled, not disabled: a disabled button drops focus, and focus returns here after "Yes, Unfriend".
            aria-disabled={busy || undefined}
            onClick={() => onAction(action)}
            // The visible label comes first in the name (WCAG "label in name"), then whose it is.
            aria-label={inList ? `${label} ${username}` : undefined}
            className={cn(
              'aria-disabled:cursor-wait aria-disabled:opacity-50',
              action === 'unfriend' && 'hover:border-danger-fg/40 hover:bg-danger-soft hover:text-danger-fg',
            )}
          >
            <Icon aria-hidden />
            <span className={cn(inList && 'sr-only sm:not-sr-only')}>{label}</span>
          </Button>
        );
      })}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={FRIEND_TEXTS.confirmUnfriend(username)}
        confirmLabel={FRIEND_TEXTS.confirmUnfriendAction}
        cancelLabel={FRIEND_TEXTS.cancel}
        destructive
        returnFocusTo={first}
        onConfirm={() => {
          setConfirming(false);
          actions.run('unfriend', userId);
        }}
      />
    </div>
  );
}
