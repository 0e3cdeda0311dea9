import {
  createGroupFieldsSchema,
  type CreateGroupResponse,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type GroupDetailResponse,
  type GroupListResponse,
  type PrivacyResponse,
  SECTION_KEYS,
  type SectionHeader,
  updateGroupFieldsSchema,
  type updateGroupRequestSchema,
  type UpdateGroupResponse,
} from '@agora/contract';
import type { z } from 'zod';
import type { Actor, AppContext, SignedIn } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { UploadStore } from '../../lib/file-store';
import { type FormInput, parseFormFields } from '../../lib/form-fields';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { recordAttachedUploads, releaseUploads } from '../uploads/uploads.service';
import { communityAbilities } from '../../policies/community';
import { assertOwner, groupNotFound, parseGroupRef, resolveGroup } from './groups.access';
import { deleteUploads, prepareImage, type PreparedImage, writeImages } from './groups.files';
import { toGroup, toOverview } from './groups.mapper';
import { allocateSlug, nameTakenError, withSlugRetry } from './groups.slugs';
import { findExplorePage, findSuggested, findUserGroups } from './group-lists.queries';
import { addOwnerMembership, admitAllRequests } from '../members/membership';
import { recordModAction } from '../moderation/modlog';
import {
  deleteGroupRow,
  findGroup,
  findGroupDetail,
  groupFilePaths,
  type GroupRow,
  insertGroup,
  insertSections,
  insertSlug,
  lockGroup,
  movePostCount,
  setGroupDiscussionsPublic,
  nameTaken,
  pruneFormerSlugs,
  updateGroup,
  upsertSection,
} from './groups.queries';
import { assertMayAct } from '../account/verified';

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** GET /groups/{id}: the header and overview (readable by anyone, private or not) and the viewer's relation. */
export async function getGroupDetail(ctx: AppContext, actor: Actor, idOrSlug: string): Promise<GroupDetailResponse> {
  const ref = parseGroupRef(idOrSlug);
  const viewerId = actor?.id ?? 0;
  const row = ref ? await findGroupDetail(ctx.db, ref, viewerId) : null;
  if (!row) throw groupNotFound();
  const isMember = row.role !== null;
  return {
    group: toGroup(row.group, isMember, viewerId),
    overview: toOverview(row.sections),
    isMember,
    role: row.role,
    joinRequest: row.requested && !isMember ? 'pending' : 'none',
    invite: row.inviteId !== null && !isMember ? { notificationId: row.inviteId, sender_username: row.inviteSender } : null,
    abilities: communityAbilities(actor, row.group, row.role),
  };
}

/** GET /groups: public communities by size (Explore, side panel search); names containing `search`. */
export async function listExplore(
  ctx: AppContext,
  actor: Actor,
  query: { search?: string; cursor?: string; limit?: number },
): Promise<GroupListResponse> {
  const cursor = decodeCursor(query.cursor, ['int', 'int'] as const);
  const limit = query.limit ?? GROUP_LIMITS.exploreDefault;
  const viewerId = actor?.id ?? 0;
  const rows = await findExplorePage(ctx.db, viewerId, {
    cursor: cursor ? { memberCount: cursor[0], id: cursor[1] } : null,
    search: query.search || null,
    limit: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.group.memberCount, r.group.id]);
  return { groups: page.map((r) => toGroup(r.group, r.isMember, viewerId)), nextCursor };
}

/**
 * GET /groups/suggested: public communities the viewer has not joined (visitors: all), ranked by the stored
 * activity score (size and recent activity; see the schema). One page, no cursor: the ranking moves.
 */
export async function listSuggested(ctx: AppContext, actor: Actor, query: { limit?: number }): Promise<GroupListResponse> {
  const viewerId = actor?.id ?? 0;
  const rows = await findSuggested(ctx.db, viewerId, query.limit ?? GROUP_LIMITS.suggestedDefault);
  return { groups: rows.map((r) => toGroup(r.group, r.isMember, viewerId)), nextCursor: null };
}

/**
 * GET /groups/joined[/{userId}] and /groups/mine[/{userId}]: a user's communities (the actor's own when no user
 * is named). Another person's private communities are listed only to a viewer who is a member of them too
 * (issue 12 §1.1: membership of a private community is the sensitive fact). `is_member` is the viewer's.
 */
export async function listUserGroups(
  ctx: AppContext,
  actor: SignedIn,
  kind: 'joined' | 'mine',
  userId: number | null,
  query: { cursor?: string; limit?: number },
): Promise<GroupListResponse> {
  const cursor = decodeCursor(query.cursor, ['ts', 'int'] as const);
  const limit = query.limit ?? GROUP_LIMITS.ownListDefault;
  const { found, rows } = await findUserGroups(ctx.db, kind, userId ?? actor.id, actor.id, {
    cursor: cursor ? { ts: cursor[0], id: cursor[1] } : null,
    limit: limit + 1,
  });
  if (!found) throw AppError.notFound(GROUP_MESSAGES.userNotFound, 'user_not_found');
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.sortTs, r.group.id]);
  return { groups: page.map((r) => toGroup(r.group, r.isMember, actor.id)), nextCursor };
}

// ---------------------------------------------------------------------------------------------------------------
// Creating

export type GroupForm = FormInput;

type FormImages = { banner: string | null; dp: string | null; all: string[]; records: { path: string; kind: 'groupdp' | 'groupbanner' }[] };

/**
 * Validates and re-encodes the form's banner and picture (both, before anything is written), then writes them.
 * Throws a 4xx for a file that is not an image; nothing is on disk then.
 */
async function storeFormImages(store: UploadStore, files: Record<string, Buffer>): Promise<FormImages> {
  const banner = files.group_banner ? await prepareImage(files.group_banner, 'groupbanner') : null;
  const dp = files.group_dp ? await prepareImage(files.group_dp, 'groupdp') : null;
  const all = await writeImages(
    store,
    [banner, dp].filter((i): i is PreparedImage => i !== null),
  );
  const bannerPath = banner ? all[0]! : null;
  const dpPath = dp ? all.at(-1)! : null;
  const records = [
    ...(bannerPath ? [{ path: bannerPath, kind: 'groupbanner' as const }] : []),
    ...(dpPath ? [{ path: dpPath, kind: 'groupdp' as const }] : []),
  ];
  return { banner: bannerPath, dp: dpPath, all, records };
}

/**
 * POST /api/groups: creates a community owned by the actor (whatever owner_id says), with its three sections,
 * the owner's membership row (decision 0002) and member_count 1. Everything is validated before a file is
 * written; the files are deleted again if the transaction fails, so a refused request stores nothing.
 */
export async function createGroup(ctx: AppContext, actor: SignedIn, form: GroupForm): Promise<CreateGroupResponse> {
  // Consume first: parallel creations cannot all pass a check none of them has counted yet.
  await ctx.limiters.groupCreatesPerUser.consume(String(actor.id));
  await assertMayAct(ctx, actor, 'create_group');
  const input = parseFormFields(createGroupFieldsSchema, form.fields);
  const existing = await nameTaken(ctx.db, input.group_name);
  if (existing !== null) throw nameTakenError(existing);
  const images = await storeFormImages(ctx.uploads, form.files);
  try {
    const group = await withSlugRetry(input.group_name, () =>
      ctx.db.transaction(async (tx) => {
        const slug = await allocateSlug(tx, input.group_name, null);
        const row = await insertGroup(tx, {
          slug,
          groupName: input.group_name,
          ownerId: actor.id,
          groupDp: images.dp,
          groupBanner: images.banner,
        });
        await insertSlug(tx, row.id, slug);
        await recordAttachedUploads(tx, actor, images.records);
        await insertSections(tx, row.id, {
          'About Us': input.aboutText,
          'Rules & Regulations': input.rulesText,
          'Social Media': input.socialMediaText,
        });
        await addOwnerMembership(tx, row.id, actor.id);
        return row;
      }),
    );
    return { group_id: group.id, message: GROUP_MESSAGES.created, slug: group.slug, group: toGroup(group, true, actor.id) };
  } catch (error) {
    await deleteUploads(ctx.uploads, images.all);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Updating (owner only)

type ParsedUpdate = z.output<typeof updateGroupRequestSchema>;

async function detailAfterChange(ctx: AppContext, actor: SignedIn, groupId: number, message: string): Promise<UpdateGroupResponse> {
  const row = await findGroupDetail(ctx.db, { id: groupId }, actor.id);
  if (!row) throw groupNotFound();
  return { message, group: toGroup(row.group, row.role !== null, actor.id), overview: toOverview(row.sections) };
}

/**
 * Renames inside the caller's transaction: the locked row is re-checked for ownership, the name must be free
 * (case-insensitively), and the slug follows the name (old slugs keep resolving through group_slugs).
 */
async function renameInTx(tx: DbOrTx, actor: SignedIn, groupId: number, name: string, extra: Partial<GroupRow> = {}) {
  const locked = await lockGroup(tx, groupId);
  if (!locked) throw groupNotFound();
  assertOwner(actor, locked);
  if (locked.groupName === name) return Object.keys(extra).length > 0 ? (await updateGroup(tx, groupId, extra))! : locked;
  const existing = await nameTaken(tx, name, groupId);
  if (existing !== null) throw nameTakenError(existing);
  const slug = await allocateSlug(tx, name, locked);
  await insertSlug(tx, groupId, slug);
  const renamed = (await updateGroup(tx, groupId, { groupName: name, slug, ...extra }))!;
  await pruneFormerSlugs(tx, groupId, slug, GROUP_LIMITS.formerSlugsKept);
  await recordModAction(tx, {
    groupId,
    actorId: actor.id,
    action: 'rename',
    targetType: 'group',
    targetId: groupId,
    detail: `${locked.groupName} → ${name}`,
  });
  return renamed;
}

/**
 * Runs `work` under the community's daily rename limit (issue 12 §1.7): the point is spent first (parallel renames
 * cannot all pass), and given back when the rename is refused (a taken name, an invalid one), so trying names costs
 * nothing. Keeping the same name is not a rename.
 */
async function countedRename<T>(
  ctx: AppContext,
  group: Pick<GroupRow, 'id' | 'groupName'>,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (name === group.groupName) return work();
  const key = String(group.id);
  await ctx.limiters.renamesPerGroup.consume(key);
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) await ctx.limiters.renamesPerGroup.reward(key);
    throw error;
  }
}

/** PUT /api/groups/{id} (JSON): exactly one of the name or a section, by the owner only. */
export async function updateGroupJson(ctx: AppContext, actor: Actor, idOrSlug: string, body: ParsedUpdate): Promise<UpdateGroupResponse> {
  const group = await resolveGroup(ctx, idOrSlug);
  assertOwner(actor, group);
  const owner = actor;
  if (body.group_name !== undefined) {
    const name = body.group_name;
    await countedRename(ctx, group, name, () =>
      withSlugRetry(name, () => ctx.db.transaction((tx) => renameInTx(tx, owner, group.id, name))),
    );
    return detailAfterChange(ctx, owner, group.id, GROUP_MESSAGES.updated);
  }
  const key = (Object.keys(SECTION_KEYS) as (keyof typeof SECTION_KEYS)[]).find((k) => body[k] !== undefined)!;
  const header: SectionHeader = SECTION_KEYS[key];
  await ctx.limiters.sectionEditsPerUser.consume(String(owner.id));
  await ctx.db.transaction(async (tx) => {
    const locked = await lockGroup(tx, group.id);
    if (!locked) throw groupNotFound();
    assertOwner(owner, locked);
    await upsertSection(tx, group.id, header, body[key]!);
    await updateGroup(tx, group.id, {});
  });
  return detailAfterChange(ctx, owner, group.id, GROUP_MESSAGES.sectionUpdated);
}

/**
 * PUT /api/groups/{id} (multipart): new banner and/or picture and/or name, by the owner only. The replaced files
 * are deleted after the commit; the new ones if anything fails.
 */
export async function updateGroupForm(ctx: AppContext, actor: Actor, idOrSlug: string, form: GroupForm): Promise<UpdateGroupResponse> {
  const group = await resolveGroup(ctx, idOrSlug);
  assertOwner(actor, group);
  const owner = actor;
  const input = parseFormFields(updateGroupFieldsSchema, form.fields);
  if (input.group_name === undefined && !form.files.group_banner && !form.files.group_dp)
    throw AppError.badRequest(GROUP_MESSAGES.updateNothing);
  if (form.files.group_banner || form.files.group_dp) await ctx.limiters.uploadsPerUser.consume(String(owner.id));
  // The whole change runs under the rename limit, so a rename refused inside the transaction (a name or slug
  // taken meanwhile) gives its point back, as in updateGroupJson.
  const change = async (): Promise<(string | null)[]> => {
    const existing = input.group_name !== undefined ? await nameTaken(ctx.db, input.group_name, group.id) : null;
    if (existing !== null) throw nameTakenError(existing);
    const images = await storeFormImages(ctx.uploads, form.files);
    const files: Partial<GroupRow> = {
      ...(images.banner ? { groupBanner: images.banner } : {}),
      ...(images.dp ? { groupDp: images.dp } : {}),
    };
    let replaced: (string | null)[] = [];
    try {
      await withSlugRetry(input.group_name ?? group.groupName, () =>
        ctx.db.transaction(async (tx) => {
          const locked = await lockGroup(tx, group.id);
          if (!locked) throw groupNotFound();
          assertOwner(owner, locked);
          replaced = [images.banner ? locked.groupBanner : null, images.dp ? locked.groupDp : null];
          await recordAttachedUploads(tx, owner, images.records);
          await releaseUploads(
            tx,
            replaced.filter((p): p is string => p !== null),
          );
          if (input.group_name !== undefined) await renameInTx(tx, owner, group.id, input.group_name, files);
          else await updateGroup(tx, group.id, files);
        }),
      );
    } catch (error) {
      await deleteUploads(ctx.uploads, images.all);
      throw error;
    }
    return replaced;
  };
  const replaced = input.group_name !== undefined ? await countedRename(ctx, group, input.group_name, change) : await change();
  await deleteUploads(ctx.uploads, replaced);
  return detailAfterChange(ctx, owner, group.id, GROUP_MESSAGES.updated);
}

/**
 * PUT /api/groups/{id}/privacy, owner only. Making a community public approves every pending join request in the
 * same transaction (they asked to join; a public community lets anyone in), counting them into member_count.
 */
export async function setPrivacy(ctx: AppContext, actor: Actor, idOrSlug: string, isPrivate: boolean): Promise<PrivacyResponse> {
  const group = await resolveGroup(ctx, idOrSlug);
  assertOwner(actor, group);
  const owner = actor;
  const updated = await ctx.db.transaction(async (tx) => {
    // Membership rows first, then the group row: the order every membership change takes (no lock cycles).
    if (!isPrivate) {
      await admitAllRequests(tx, group.id);
    }
    const locked = await lockGroup(tx, group.id);
    if (!locked) throw groupNotFound();
    assertOwner(owner, locked);
    const changed = await updateGroup(tx, group.id, { isPrivate });
    if (locked.isPrivate !== isPrivate)
      await recordModAction(tx, {
        groupId: group.id,
        actorId: owner.id,
        action: 'privacy_change',
        targetType: 'group',
        targetId: group.id,
        detail: isPrivate ? 'private' : 'public',
      });
    // Under the group row's lock: a post being written waits for it and reads the new privacy (discussions).
    await setGroupDiscussionsPublic(tx, group.id, !isPrivate);
    return changed;
  });
  // After the commit: made private, the sockets of non-members following its pages leave them (issue 17 §1).
  ctx.events.emit('liveAccessChanged', group.id, null);
  return { message: GROUP_MESSAGES.privacyUpdated, is_private: updated!.isPrivate ? 1 : 0 };
}

/**
 * DELETE /api/groups/{id}, owner only, after typing the name again (case-sensitive, trimmed). Removes the
 * community and, by cascade, its sections, members, requests, invitations, discussions and blogs; then the files
 * they pointed at (pictures, post images, blog images).
 */
export async function deleteGroup(ctx: AppContext, actor: Actor, idOrSlug: string, confirmName: string): Promise<{ message: string }> {
  const group = await resolveGroup(ctx, idOrSlug);
  assertOwner(actor, group);
  const owner = actor;
  const files = await ctx.db.transaction(async (tx) => {
    const locked = await lockGroup(tx, group.id);
    if (!locked) throw groupNotFound();
    assertOwner(owner, locked);
    if (confirmName.trim() !== locked.groupName)
      throw new AppError(400, 'confirm_mismatch', GROUP_MESSAGES.confirmNameMismatch, { confirmName: GROUP_MESSAGES.confirmNameMismatch });
    const paths = await groupFilePaths(tx, locked);
    await deleteGroupRow(tx, group.id);
    await releaseUploads(tx, paths);
    return paths;
  });
  // Every page following it is closed (room_closed), and its home-feed rooms left.
  ctx.events.emit('liveAccessChanged', group.id, null);
  await deleteUploads(ctx.uploads, files);
  return { message: GROUP_MESSAGES.deleted };
}

/**
 * The verified badge: an operator action (`npm run agora -- group:verify <slug>`), never reachable through the API,
 * so owners cannot verify their own communities. Returns the community, or null when none has that id or slug.
 */
export async function setGroupVerified(ctx: AppContext, idOrSlug: string, verified: boolean): Promise<GroupRow | null> {
  const ref = parseGroupRef(idOrSlug);
  const group = ref ? await findGroup(ctx.db, ref) : null;
  if (!group) return null;
  return updateGroup(ctx.db, group.id, { groupVerified: verified });
}

/**
 * For the discussions feature, in its transaction: a post was written (+1) or deleted (−1). Keeps post_count equal
 * to the rows (never below 0: CHECK) and a new post counts as activity for the suggested ranking. Returns the
 * community's privacy as of the (now locked) group row, or null when the community is gone.
 */
export async function recordGroupPosts(tx: DbOrTx, groupId: number, delta: number): Promise<{ isPrivate: boolean } | null> {
  return movePostCount(tx, groupId, delta);
}
