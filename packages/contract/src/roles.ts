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
