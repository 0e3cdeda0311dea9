import { UPLOAD_MESSAGES, PROFILE_MESSAGES } from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UploadKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { uploadContentType, uploadKeyOf } from '../../lib/file-store';
import { randomName } from '../../lib/tokens';
import { processImage } from './images';
import {
  attachUpload,
  deleteUnattachedBefore,
  deleteUpload,
  deleteUploads,
  findUploadByPath,
  insertAttachedUploads,
  insertUpload,
} from './uploads.queries';

/** Uploads never attached are deleted this long after they were made. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Stores an uploaded image for the actor: rate-limited per user (the point is spent before any work),
 * re-encoded by sharp, written under an unguessable name and recorded in `uploads` as the actor's. Returns the
 * public path (/uploads/<kind>/<name>.<ext>). Nothing is kept when the image is rejected.
 */
export async function storeUpload(ctx: AppContext, actor: SignedIn, input: { kind: UploadKind; data: Buffer }): Promise<string> {
  await ctx.limiters.uploadsPerUser.consume(String(actor.id));
  const { data, ext } = await processImage(input.data, input.kind);
  const key = `${input.kind}/${randomName()}.${ext}`;
  const publicPath = `/uploads/${key}`;
  // The object first, then its row: a row never points at a missing object; an object whose row failed is deleted.
  await ctx.uploads.put(key, data, uploadContentType(key));
  try {
    await insertUpload(ctx.db, { path: publicPath, kind: input.kind, userId: actor.id });
  } catch (error) {
    await ctx.uploads.delete(key).catch(() => {});
    throw error;
  }
  return publicPath;
}

/**
 * Starts using an upload (inside the caller's transaction): only its uploader may, and only for the kind it
 * was made for. Another user's upload is a 403; an unknown path or the wrong kind a 400 on `field`.
 */
export async function claimUpload(db: DbOrTx, actor: SignedIn, input: { path: string; kind: UploadKind; field: string }): Promise<void> {
  if (await attachUpload(db, { path: input.path, kind: input.kind, userId: actor.id })) return;
  const existing = await findUploadByPath(db, input.path);
  if (existing && existing.userId !== actor.id) {
    throw new AppError(403, 'forbidden_upload', UPLOAD_MESSAGES.notYours, { [input.field]: UPLOAD_MESSAGES.notYours });
  }
  throw AppError.badRequest(PROFILE_MESSAGES.invalidImagePath, { [input.field]: PROFILE_MESSAGES.invalidImagePath });
}

/**
 * Stops using an upload (inside the caller's transaction): its row goes; returns the path whose file the caller
 * deletes with `deleteUploadFiles` after commit, or null for a path Agora has no record of (left alone).
 */
export async function releaseUpload(db: DbOrTx, input: { path: string }): Promise<string | null> {
  return deleteUpload(db, input.path);
}

/**
 * Records files a feature stored itself and uses at once (inside the caller's transaction), as the actor's
 * attached uploads: e.g. the pictures sent with a community's form. Released like any other upload.
 */
export async function recordAttachedUploads(db: DbOrTx, actor: SignedIn, files: { path: string; kind: UploadKind }[]): Promise<void> {
  await insertAttachedUploads(
    db,
    files.map((f) => ({ ...f, userId: actor.id })),
  );
}

/** Stops using several uploads at once (inside the caller's transaction); the caller deletes the files after commit. */
export async function releaseUploads(db: DbOrTx, paths: string[]): Promise<void> {
  await deleteUploads(db, paths);
}

/** Deletes the files of released or swept uploads; a file already gone is fine. */
export async function deleteUploadFiles(ctx: AppContext, paths: string[]): Promise<void> {
  await Promise.all(
    paths.map(async (publicPath) => {
      // Only our own /uploads/<kind>/<name> paths map to an object, so no path can reach outside the store.
      const key = uploadKeyOf(publicPath);
      if (key) await ctx.uploads.delete(key);
    }),
  );
}

/** The periodic sweep: deletes uploads that nothing attached within a day of their upload. Returns how many. */
export async function sweepUnattachedUploads(ctx: AppContext, now = new Date()): Promise<number> {
  const paths = await deleteUnattachedBefore(ctx.db, new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS));
  await deleteUploadFiles(ctx, paths);
  return paths.length;
}
