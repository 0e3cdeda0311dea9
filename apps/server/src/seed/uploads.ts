import type { DbOrTx } from '../db/client';
import { type UploadKind, uploads } from '../db/schema';
import { LocalUploadStore, type UploadStore } from '../lib/file-store';
import { randomName } from '../lib/tokens';

/** Where the seed writes: the app's upload store, or a folder (tests pass the uploads folder). */
export type SeedUploads = UploadStore | string;

/** The store of a seed target. */
export function seedStore(target: SeedUploads): UploadStore {
  return typeof target === 'string' ? new LocalUploadStore(target) : target;
}

/** Writes a generated JPEG as an upload of the given kind (key <kind>/<name>.jpg); returns its public path. */
export async function saveUpload(target: SeedUploads, kind: UploadKind, data: Buffer): Promise<string> {
  const key = `${kind}/${randomName()}.jpg`;
  await seedStore(target).put(key, data, 'image/jpeg');
  return `/uploads/${key}`;
}

/** Records generated images as their owners' attached uploads, so replacing one later deletes the old file. */
export async function recordSeedUploads(tx: DbOrTx, rows: { path: string; kind: UploadKind; userId: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(uploads).values(rows.map((r) => ({ ...r, attachedAt: new Date() })));
}
