import { access } from 'node:fs/promises';
import path from 'node:path';
import { PROFILE_MESSAGES, type Profile, type updateProfileRequestSchema, type UserSummary } from '@agora/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../auth/auth.queries';
import { toProfile } from './profiles.mapper';
import { findUserById, findUserByUsername, type ProfileChanges, updateUser } from './profiles.queries';

type ParsedUpdate = z.output<typeof updateProfileRequestSchema>;

/**
 * A profile image must be a file that Agora stored for that slot (/uploads/profile/… for the photo,
 * /uploads/banner/… for the banner); null clears it.
 */
async function assertUploaded(
  uploadsDir: string,
  imagePath: string | null,
  kind: 'profile' | 'banner',
  field: string,
): Promise<string | null> {
  if (imagePath === null) return null;
  const prefix = `/uploads/${kind}/`;
  const name = imagePath.slice(prefix.length);
  const ok =
    imagePath.startsWith(prefix) &&
    !name.includes('/') &&
    (await access(path.join(uploadsDir, kind, name)).then(
      () => true,
      () => false,
    ));
  if (!ok) throw AppError.badRequest(PROFILE_MESSAGES.invalidImagePath, { [field]: PROFILE_MESSAGES.invalidImagePath });
  return imagePath;
}

/** Another user's profile; 404 when the id names nobody. */
export async function getProfile(db: Db, id: number): Promise<Profile> {
  const user = await findUserById(db, id);
  if (!user) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');
  return toProfile(user);
}

/**
 * One user by exact username (any case), for inviting someone by name. Exact match only, never a prefix list,
 * so it reveals no more than registration's "username taken" already does; 404 when nobody has the name.
 */
export async function lookupUser(db: Db, username: string): Promise<UserSummary> {
  const user = await findUserByUsername(db, username);
  if (!user) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');
  return user;
}

/**
 * Updates the signed-in user's own profile with the fields that were sent; absent fields keep their value,
 * null clears a field. Only the actor's own row is ever written.
 */
export async function updateOwnProfile(db: Db, uploadsDir: string, actor: UserRow, body: ParsedUpdate): Promise<Profile> {
  const changes: ProfileChanges = {};
  if (body.bio !== undefined) changes.bio = body.bio ?? '';
  if (body.about !== undefined) changes.about = body.about ?? '';
  if (body.userLink !== undefined) changes.userLink = (body.userLink ?? '').replace(/\r\n?/g, '\n');
  if (body.birthday !== undefined) changes.birthday = body.birthday;
  if (body.profileImage !== undefined)
    changes.profileImage = await assertUploaded(uploadsDir, body.profileImage, 'profile', 'profileImage');
  if (body.bannerImage !== undefined) changes.bannerImage = await assertUploaded(uploadsDir, body.bannerImage, 'banner', 'bannerImage');
  if (Object.keys(changes).length === 0) return toProfile(actor);
  const updated = await updateUser(db, actor.id, changes);
  if (!updated) throw AppError.notFound(PROFILE_MESSAGES.userNotFound, 'user_not_found');
  return toProfile(updated);
}
