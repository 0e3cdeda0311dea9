import { PROFILE_MESSAGES, type Profile, type updateProfileRequestSchema, type UserSummary } from '@agora/contract';
import type { z } from 'zod';
import type { AppContext, SignedIn } from '../../context';
import { AppError } from '../../lib/app-error';
import { areFriends } from '../friends/friends.service';
import { isBlocking } from '../blocks/blocks.service';
import { personAbilities } from '../../policies/block';
import { claimUpload, deleteUploadFiles, releaseUpload } from '../uploads/uploads.service';
import { toProfile } from './profiles.mapper';
import { findUserById, findUserByUsername, findUserForUpdate, type ProfileChanges, updateUser } from './profiles.queries';

type ParsedUpdate = z.output<typeof updateProfileRequestSchema>;

/**
 * Another user's profile; 404 when the id names nobody. Profiles are for signed-in users (SPEC §6). Names stay
 * (members see them anyway); the birth year only for the user and their friends, others get "--MM-DD"
 * (ids are sequential, so every profile can be walked: decision 0012 b). `blocked` and `abilities.block` are the
 * viewer's own (issue 15 §6): whether the viewer blocked this person, never whether this person blocked the viewer.
 */
export async function getProfile(ctx: AppContext, actor: SignedIn, input: { id: number }): Promise<Profile> {
  const user = await findUserById(ctx.db, input.id);
  if (!user) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');
  const viewer = {
    blocked: user.id !== actor.id && (await isBlocking(ctx.db, actor.id, user.id)),
    abilities: personAbilities(actor, user.id),
  };
  if (user.id === actor.id || user.birthday === null) return { ...toProfile(user), ...viewer };
  return { ...toProfile(user, { birthYear: await areFriends(ctx, actor.id, user.id) }), ...viewer };
}

const IMAGE_FIELDS = [
  { field: 'profileImage', kind: 'profile' },
  { field: 'bannerImage', kind: 'banner' },
] as const;

/**
 * One user by exact username (any case), for inviting someone by name. Exact match only, never a prefix list,
 * so it reveals no more than registration's "username taken" already does; 404 when nobody has the name.
 */
export async function lookupUser(ctx: AppContext, _actor: SignedIn, input: { username: string }): Promise<UserSummary> {
  const user = await findUserByUsername(ctx.db, input.username);
  if (!user) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');
  return user;
}

/**
 * Updates the signed-in user's own profile with the fields that were sent; absent fields keep their value,
 * null clears a field. A new photo or banner must be the actor's own upload of that kind (claimed); the one it
 * replaces is released and its file deleted after commit. One transaction: the row and the claims change
 * together or not at all. Only the actor's own row is ever written.
 */
export async function updateOwnProfile(ctx: AppContext, actor: SignedIn, input: ParsedUpdate): Promise<Profile> {
  const changes: ProfileChanges = {};
  if (input.bio !== undefined) changes.bio = input.bio ?? '';
  if (input.about !== undefined) changes.about = input.about ?? '';
  if (input.userLink !== undefined) changes.userLink = input.userLink ?? '';
  if (input.birthday !== undefined) changes.birthday = input.birthday;
  for (const { field } of IMAGE_FIELDS) if (input[field] !== undefined) changes[field] = input[field];
  if (Object.keys(changes).length === 0) return toProfile(actor);

  const released: string[] = [];
  const updated = await ctx.db.transaction(async (tx) => {
    const current = await findUserForUpdate(tx, actor.id);
    if (!current) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');
    for (const { field, kind } of IMAGE_FIELDS) {
      const next = changes[field];
      if (next === undefined || next === current[field]) continue;
      if (next !== null) await claimUpload(tx, actor, { path: next, kind, field });
      if (current[field]) {
        const gone = await releaseUpload(tx, { path: current[field] });
        if (gone) released.push(gone);
      }
    }
    return updateUser(tx, actor.id, changes);
  });
  if (!updated) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');
  await deleteUploadFiles(ctx, released).catch(() => {});
  return toProfile(updated);
}
