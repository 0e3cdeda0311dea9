import { GROUP_ID_PATTERN, GROUP_MESSAGES, isStaff, isValidSlug, type Role } from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { findGroup, findGroupWithRole, findRole, type GroupRef, type GroupRow } from './groups.queries';

/**
 * Who may read and act on a community, decided once here. Later features (discussions, comments, blogs) import
 * these: every read of a community's children goes through `assertCanReadGroup`.
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

/** The actor's role in the community, or null (visitor or not a member). */
export async function viewerMembership(ctx: AppContext, actor: Actor, groupId: number): Promise<Role | null> {
  return actor ? findRole(ctx.db, groupId, actor.id) : null;
}

/**
 * SPEC §2/§4 "private means private": a public community's content is readable by anyone; a private one's only
 * by its members (the owner is one, and is also recognised by owner_id).
 */
export function canReadGroup(group: Pick<GroupRow, 'isPrivate' | 'ownerId'>, actor: Actor, role: Role | null): boolean {
  return !group.isPrivate || role !== null || (actor !== null && group.ownerId === actor.id);
}

/**
 * Refuses (403 with a message) a visitor or non-member reading a private community's members, discussions,
 * comments or blogs. Pass the role when it is already known to save a query.
 */
export async function assertCanReadGroup(ctx: AppContext, actor: Actor, group: GroupRow, role?: Role | null): Promise<void> {
  const known = role === undefined ? await viewerMembership(ctx, actor, group.id) : role;
  if (!canReadGroup(group, actor, known)) throw AppError.forbidden(GROUP_MESSAGES.privateContent);
}

/** The actor's role; 401 for a visitor, 403 for a non-member. */
export async function assertMember(ctx: AppContext, actor: Actor, group: GroupRow, role?: Role | null): Promise<Role> {
  if (!actor) throw AppError.unauthorized();
  const known = role === undefined ? await viewerMembership(ctx, actor, group.id) : role;
  if (!known) throw AppError.forbidden(GROUP_MESSAGES.notMember);
  return known;
}

/** The actor's role if owner, admin or moderator; 401 for a visitor, 403 for anyone else. */
export async function assertStaff(ctx: AppContext, actor: Actor, group: GroupRow, role?: Role | null): Promise<Role> {
  if (!actor) throw AppError.unauthorized();
  const known = role === undefined ? await viewerMembership(ctx, actor, group.id) : role;
  if (!isStaff(known)) throw AppError.forbidden(GROUP_MESSAGES.staffOnly);
  return known!;
}

/** Community settings are the owner's alone (SPEC §6: owner_id equals the user id). */
export function assertOwner(actor: Actor, group: GroupRow): asserts actor is NonNullable<Actor> {
  if (!actor) throw AppError.unauthorized();
  if (group.ownerId !== actor.id) throw AppError.forbidden(GROUP_MESSAGES.ownerOnly);
}
