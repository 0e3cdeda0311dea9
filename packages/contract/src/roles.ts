/** Community roles and their ranks (SPEC §6). */
export const ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that can be granted through assign-role; ownership is never assigned this way. */
export const ASSIGNABLE_ROLES = ['admin', 'moderator', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_RANK: Record<Role, number> = { owner: 4, admin: 3, moderator: 2, member: 1 };

/** Normalises any stored or displayed role name; unknown or missing means member. */
export function toRole(value: string | null | undefined): Role {
  const lower = (value ?? '').toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : 'member';
}

export function roleRank(role: string | null | undefined): number {
  return ROLE_RANK[toRole(role)];
}

/** The actor may act on the target (kick, change role) only when strictly outranking them. */
export function outranks(actor: string | null | undefined, target: string | null | undefined): boolean {
  return roleRank(actor) > roleRank(target);
}

/** Staff see member options: owner, admin or moderator. */
export function isStaff(role: string | null | undefined): boolean {
  return roleRank(role) >= ROLE_RANK.moderator;
}

/**
 * Roles the actor may give the target: ranked below the actor, different from the target's current role,
 * and only the owner grants admin. Empty when the actor does not outrank the target.
 */
export function assignableRoles(actor: string | null | undefined, target: string | null | undefined): AssignableRole[] {
  if (!outranks(actor, target)) return [];
  const actorRank = roleRank(actor);
  const current = toRole(target);
  return ASSIGNABLE_ROLES.filter((r) => ROLE_RANK[r] < actorRank && r !== current);
}

/** Why a member action is refused, or null when it is allowed. The server maps each reason to its status. */
export type MemberActionProblem =
  /** The actor is not owner, admin or moderator. */
  | 'not_staff'
  /** The actor does not strictly outrank the target (the owner is outranked by nobody). */
  | 'not_outranked'
  /** assign-role: the target already has this role. */
  | 'same_role'
  /** assign-role: the new role is not below the actor's own (only the owner grants admin). */
  | 'role_too_high';

/** Kick: staff only, and only a target the actor strictly outranks; so the owner is never kicked. */
export function kickProblem(actor: string | null | undefined, target: string | null | undefined): MemberActionProblem | null {
  if (!isStaff(actor)) return 'not_staff';
  if (!outranks(actor, target)) return 'not_outranked';
  return null;
}

export function canKick(actor: string | null | undefined, target: string | null | undefined): boolean {
  return kickProblem(actor, target) === null;
}

/**
 * Assign a role: staff only; the actor strictly outranks the target (so the owner is never demoted); the new role
 * ranks below the actor (so only the owner grants admin) and differs from the target's current role.
 */
export function assignRoleProblem(
  actor: string | null | undefined,
  target: string | null | undefined,
  newRole: string,
): MemberActionProblem | null {
  if (!isStaff(actor)) return 'not_staff';
  if (!outranks(actor, target)) return 'not_outranked';
  if (toRole(newRole) === toRole(target)) return 'same_role';
  if (!(ASSIGNABLE_ROLES as readonly string[]).includes(newRole) || ROLE_RANK[toRole(newRole)] >= roleRank(actor)) return 'role_too_high';
  return null;
}

export function canAssignRole(actor: string | null | undefined, target: string | null | undefined, newRole: string): boolean {
  return assignRoleProblem(actor, target, newRole) === null;
}

/** Ownership moves only from the owner, and only to one of the community's admins. */
export function canTransferOwnership(actor: string | null | undefined, target: string | null | undefined): boolean {
  return toRole(actor) === 'owner' && (target ?? '').toLowerCase() === 'admin';
}
