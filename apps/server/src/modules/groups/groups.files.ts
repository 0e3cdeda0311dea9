import { deleteStoredUploads, uploadContentType, type UploadStore } from '../../lib/file-store';
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
export async function writeImages(store: UploadStore, images: PreparedImage[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const image of images) {
      const key = `${image.kind}/${randomName()}.${image.ext}`;
      await store.put(key, image.data, uploadContentType(key));
      written.push(`/uploads/${key}`);
    }
  } catch (error) {
    await deleteUploads(store, written);
    throw error;
  }
  return written;
}

/**
 * Deletes stored uploads by their public paths (/uploads/<kind>/<name>), best effort: a path that is not one of
 * ours, or an object already gone, is skipped. Never reaches outside the store.
 */
export async function deleteUploads(store: UploadStore, publicPaths: (string | null | undefined)[]): Promise<void> {
  await deleteStoredUploads(store, publicPaths);
}
