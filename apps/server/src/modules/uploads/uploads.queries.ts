import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type UploadKind, type UploadRow, uploads } from '../../db/schema';

export async function insertUpload(db: DbOrTx, values: { path: string; kind: UploadKind; userId: number }): Promise<void> {
  await db.insert(uploads).values(values);
}

export async function findUploadByPath(db: DbOrTx, path: string): Promise<UploadRow | null> {
  const rows = await db.select().from(uploads).where(eq(uploads.path, path)).limit(1);
  return rows[0] ?? null;
}

/** Marks the upload as in use, only if that user uploaded it for that kind; returns whether it did. */
export async function attachUpload(db: DbOrTx, values: { path: string; kind: UploadKind; userId: number }): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ attachedAt: sql`coalesce(${uploads.attachedAt}, now())` })
    .where(and(eq(uploads.path, values.path), eq(uploads.kind, values.kind), eq(uploads.userId, values.userId)))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/** Deletes the upload's row; returns its path when there was one. */
export async function deleteUpload(db: DbOrTx, path: string): Promise<string | null> {
  const rows = await db.delete(uploads).where(eq(uploads.path, path)).returning({ path: uploads.path });
  return rows[0]?.path ?? null;
}

/** Deletes the rows of uploads never attached and older than the cutoff; returns their paths. */
export async function deleteUnattachedBefore(db: DbOrTx, cutoff: Date): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)))
    .returning({ path: uploads.path });
  return rows.map((r) => r.path);
}

/** Records files a feature stored and uses at once (e.g. a community's pictures sent with its form). */
export async function insertAttachedUploads(db: DbOrTx, values: { path: string; kind: UploadKind; userId: number }[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(uploads).values(values.map((v) => ({ ...v, attachedAt: sql`now()` })));
}

/** Deletes the rows of these paths; returns the paths that had one. */
export async function deleteUploads(db: DbOrTx, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const rows = await db.delete(uploads).where(inArray(uploads.path, paths)).returning({ path: uploads.path });
  return rows.map((r) => r.path);
}
