import {
  type AssignableRole,
  assignRoleProblem,
  canTransferOwnership,
  GROUP_MESSAGES,
  kickProblem,
  type MemberActionProblem,
  type Role,
} from '@agora/contract';
import { AppError } from '../lib/app-error';

/**
 * Policy of a membership: which member a member of staff may remove, re-role or hand the community to. The rank
 * rules are the contract's (roles.ts, shared with the web's member menu); this module turns a refusal into the
 * answer. Who may list requests and invitations is the community policy's `moderate`.
 */

function refusal(problem: MemberActionProblem): AppError {
  switch (problem) {
    case 'not_staff':
      return AppError.forbidden(GROUP_MESSAGES.staffOnly);
    case 'same_role':
      return AppError.badRequest(GROUP_MESSAGES.sameRole, { newRole: GROUP_MESSAGES.sameRole });
    default:
      return AppError.forbidden(GROUP_MESSAGES.noPermission);
  }
}

/** A ban follows the kick's rank rule (issue 15 §4); a non-member counts as a member (staff may ban pre-emptively). */
export type MembershipAction = { kind: 'kick' } | { kind: 'ban' } | { kind: 'assignRole'; newRole: AssignableRole } | { kind: 'transfer' };

/** 403 (or 400 for the same role, or a transfer to a non-admin) unless `actorRole` may do this to `targetRole`. */
export function authorizeMembership(actorRole: Role, action: MembershipAction, targetRole: Role): void {
  if (action.kind === 'transfer') {
    if (!canTransferOwnership(actorRole, targetRole))
      throw AppError.badRequest(GROUP_MESSAGES.transferToAdminOnly, { memberId: GROUP_MESSAGES.transferToAdminOnly });
    return;
  }
  const problem =
    action.kind === 'kick' || action.kind === 'ban'
      ? kickProblem(actorRole, targetRole)
      : assignRoleProblem(actorRole, targetRole, action.newRole);
  if (problem) throw refusal(problem);
}
