import { Suspense, useState } from 'react';
import type { Group } from '@agora/contract';
import { lazyComponent } from '@/lib/lazy-component';
import { useMembership } from './membership';
import { GROUP_TEXTS } from './texts';

// Loaded on the first Leave: every community row and header has the button, few people press it (Radix's dialog
// stays off Explore's first load).
const ConfirmDialog = lazyComponent(
  () => import('@/components/ui/confirm-dialog'),
  (m) => m.ConfirmDialog,
);

type LeaveTarget = Pick<Group, 'id' | 'is_private' | 'group_name'>;

/**
 * Leave asks first, as Kick does: `ask(group)` opens "Leave {name}?" (focus on Cancel) and only Leave in it leaves.
 * A click while that community's membership call runs is ignored, as before. Render `dialog` next to the button.
 */
export function useLeaveConfirm() {
  const membership = useMembership();
  const [target, setTarget] = useState<LeaveTarget | null>(null);
  const [open, setOpen] = useState(false);
  const ask = (group: LeaveTarget) => {
    if (membership.isRunning(group)) return;
    setTarget(group);
    setOpen(true);
  };
  // Mounted from the first ask on, so it can animate out after closing.
  const dialog = target ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        // The texts stay while the dialog animates out.
        title={GROUP_TEXTS.confirmLeave(target?.group_name ?? '')}
        description={target?.is_private ? GROUP_TEXTS.leavePrivateHint : GROUP_TEXTS.leavePublicHint}
        confirmLabel={GROUP_TEXTS.leave}
        destructive
        onConfirm={() => {
          if (target) membership.run('leave', target);
          setOpen(false);
        }}
      />
    </Suspense>
  ) : null;
  return { ask, dialog };
}
