import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_PATH_PATTERN } from '@agora/contract';
import { randomName } from '../../lib/tokens';
import { type ImageKind, processImage } from '../uploads/images';

/** A community image decoded and re-encoded, ready to be written (nothing is on disk yet). */
export type PreparedImage = { kind: ImageKind; data: Buffer; ext: 'jpg' | 'webp' };

/** Validates and re-encodes an uploaded community image; throws a 4xx AppError for anything that is not one. */
export async function prepareImage(buffer: Buffer, kind: 'groupdp' | 'groupbanner'): Promise<PreparedImage> {
  const { data, ext } = await processImage(buffer, kind);
  return { kind, data, ext };
}

/** Writes prepared images under unguessable names; returns their public paths in the same order. */
export async function writeImages(uploadsDir: string, images: PreparedImage[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const image of images) {
      const dir = path.join(uploadsDir, image.kind);
      await mkdir(dir, { recursive: true });
      const name = `${randomName()}.${image.ext}`;
      await writeFile(path.join(dir, name), image.data, { flag: 'wx' });
      written.push(`/uploads/${image.kind}/${name}`);
    }
  } catch (error) {
    await deleteUploads(uploadsDir, written);
    throw error;
  }
  return written;
}

/**
 * Deletes stored uploads by their public paths (/uploads/<kind>/<name>), best effort: a path that is not one of
 * ours, or a file already gone, is skipped. Never reaches outside the uploads folder.
 */
export async function deleteUploads(uploadsDir: string, publicPaths: (string | null | undefined)[]): Promise<void> {
  for (const publicPath of publicPaths) {
    if (!publicPath || !UPLOAD_PATH_PATTERN.test(publicPath)) continue;
    const file = path.join(uploadsDir, publicPath.slice('/uploads/'.length));
    if (!file.startsWith(path.resolve(uploadsDir) + path.sep)) continue;
    await unlink(file).catch(() => {});
  }
}
