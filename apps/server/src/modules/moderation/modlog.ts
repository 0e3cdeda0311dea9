import type { ModAction, ModTargetType } from '@agora/contract';
import type { DbOrTx } from '../../db/client';
import { insertModlogRow } from './moderation.queries';

/**
 * The one way a staff action reaches the moderation log (issue 15 §5): called with the action's own transaction,
 * so the row commits with the action or not at all. Every module that performs a staff action calls this
 * (members: role change, kick, join request answered; groups: privacy, rename; moderation: ban, unban; removals
 * and reports: remove, restore, report resolved).
 */
export type ModActionInput = {
  groupId: number;
  actorId: number;
  action: ModAction;
  targetType: ModTargetType;
  targetId?: number | null;
  /** The person the action concerned (the member; the author of a removed item). */
  targetUserId?: number | null;
  reason?: string | null;
  /** What changed, in a few words (the new role, the ban's end, the new name). At most 200 characters. */
  detail?: string | null;
};

export async function recordModAction(tx: DbOrTx, input: ModActionInput): Promise<void> {
  await insertModlogRow(tx, {
    groupId: input.groupId,
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId ?? null,
    targetUserId: input.targetUserId ?? null,
    reason: input.reason ?? null,
    detail: input.detail ? input.detail.slice(0, 200) : null,
  });
}
