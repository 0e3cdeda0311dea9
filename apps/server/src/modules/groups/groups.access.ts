import { GROUP_ID_PATTERN, GROUP_MESSAGES, isValidSlug, type Role } from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { authorizeCommunity } from '../../policies/community';
import type { GroupRef } from './group-sql';
import { findGroup, findGroupWithRole, type GroupRow } from './groups.queries';

// The community row other modules (members) read and lock through this module.
export { findGroupById, lockGroup, type GroupRow } from './groups.queries';
// Search (modules/search) lists communities with the lists' row shape.
export { groupPageJson, type GroupPageEntry } from './group-lists.queries';

/**
 * Finding the community a path names, with the viewer's role (what the community policy needs). Who may do what
 * is decided in policies/community.ts.
 */

const INT4_MAX = 2_147_483_647;

/** A path's `{id}`: digits without a leading zero within int4 are an id; a well-formed slug is a slug; else null. */
export function parseGroupRef(value: string): GroupRef | null {
  const text = value.trim();
  if (GROUP_ID_PATTERN.test(text)) {
    const id = Number(text);
    return id <= INT4_MAX ? { id } : null;
  }
  const slug = text.toLowerCase();
  return isValidSlug(slug) ? { slug } : null;
}

/** The 404 of a community that does not exist (or a path that cannot name one). */
export function groupNotFound(): AppError {
  return AppError.notFound(GROUP_MESSAGES.notFound, 'group_not_found');
}

/** The community a path names, by id or by any slug it has had; 404 `group_not_found` otherwise. */
export async function resolveGroup(ctx: AppContext, idOrSlug: string): Promise<GroupRow> {
  const ref = parseGroupRef(idOrSlug);
  const group = ref ? await findGroup(ctx.db, ref) : null;
  if (!group) throw groupNotFound();
  return group;
}

/** The community and the actor's role in it (null for visitors and non-members), in one database round trip. */
export async function resolveGroupForViewer(
  ctx: AppContext,
  actor: Actor,
  idOrSlug: string,
): Promise<{ group: GroupRow; role: Role | null }> {
  const ref = parseGroupRef(idOrSlug);
  const found = ref ? await findGroupWithRole(ctx.db, ref, actor?.id ?? 0) : null;
  if (!found) throw groupNotFound();
  return found;
}

/**
 * The actor's role when they may moderate the community (owner, admin, moderator: the community policy's
 * `moderate`); 401 for a visitor, 403 for anyone else.
 */
export function assertStaff(actor: Actor, group: GroupRow, role: Role | null): Role {
  if (!actor) throw AppError.unauthorized();
  authorizeCommunity(actor, 'moderate', group, role);
  return role!;
}

/** Community settings are the owner's alone (the community policy's `update`; SPEC §6: owner_id equals the user id). */
export function assertOwner(actor: Actor, group: GroupRow): asserts actor is NonNullable<Actor> {
  if (!actor) throw AppError.unauthorized();
  authorizeCommunity(actor, 'update', group, null);
}
