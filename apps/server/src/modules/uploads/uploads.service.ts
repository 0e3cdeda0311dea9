import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Limiters } from '../../lib/rate-limiter';
import { randomName } from '../../lib/tokens';
import { IMAGE_KINDS, IMAGE_MESSAGES, type ImageKind, processImage } from './images';

export type UploadDeps = { uploadsDir: string; limiters: Limiters };

/** Reads the one file of a multipart request from the expected field, within the kind's size limit. */
export async function readUploadedFile(request: FastifyRequest, field: string, kind: ImageKind): Promise<Buffer> {
  const { maxBytes, label } = IMAGE_KINDS[kind];
  if (!request.isMultipart()) throw AppError.badRequest(IMAGE_MESSAGES.missing, { [field]: IMAGE_MESSAGES.missing });
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 10_000 } });
  } catch (error) {
    throw AppError.badRequest((error as Error).message);
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw AppError.badRequest(IMAGE_MESSAGES.missing, { [field]: IMAGE_MESSAGES.missing });
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.payloadTooLarge(IMAGE_MESSAGES.tooLarge(label));
    throw error;
  }
}

/**
 * Stores an uploaded image for a user: rate-limited per user, re-encoded by sharp, written under an unguessable
 * name. Returns the public path (/uploads/<kind>/<name>.<ext>). Nothing is written when the image is rejected.
 */
export async function storeImage(deps: UploadDeps, userId: number, buffer: Buffer, kind: ImageKind): Promise<string> {
  const limiter = deps.limiters.uploadsPerUser;
  const wait = limiter.blockedFor(String(userId));
  if (wait > 0) throw AppError.tooManyRequests('Too many uploads. Please try again later.', wait);
  limiter.hit(String(userId));
  const { data, ext } = await processImage(buffer, kind);
  const dir = path.join(deps.uploadsDir, kind);
  await mkdir(dir, { recursive: true });
  const name = `${randomName()}.${ext}`;
  await writeFile(path.join(dir, name), data, { flag: 'wx' });
  return `/uploads/${kind}/${name}`;
}

/** Reads the field, processes and stores it in one step (the routes' common path). */
export async function uploadFromRequest(
  deps: UploadDeps,
  request: FastifyRequest,
  userId: number,
  field: string,
  kind: ImageKind,
): Promise<string> {
  const buffer = await readUploadedFile(request, field, kind);
  return storeImage(deps, userId, buffer, kind);
}
