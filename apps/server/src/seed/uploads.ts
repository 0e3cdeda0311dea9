import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '../db/client';
import { type UploadKind, uploads } from '../db/schema';
import { randomName } from '../lib/tokens';

/** Writes a generated image as an upload of the given kind (its folder under /uploads); returns its public path. */
export async function saveUpload(uploadsDir: string, kind: UploadKind, data: Buffer): Promise<string> {
  const dir = path.join(uploadsDir, kind);
  await mkdir(dir, { recursive: true });
  const name = `${randomName()}.jpg`;
  await writeFile(path.join(dir, name), data);
  return `/uploads/${kind}/${name}`;
}

/** Records generated images as their owners' attached uploads, so replacing one later deletes the old file. */
export async function recordSeedUploads(tx: DbOrTx, rows: { path: string; kind: UploadKind; userId: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(uploads).values(rows.map((r) => ({ ...r, attachedAt: new Date() })));
}
