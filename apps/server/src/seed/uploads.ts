import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomName } from '../lib/tokens';

/** Writes a generated image as an upload of the given kind (its folder under /uploads); returns its public path. */
export async function saveUpload(uploadsDir: string, kind: string, data: Buffer): Promise<string> {
  const dir = path.join(uploadsDir, kind);
  await mkdir(dir, { recursive: true });
  const name = `${randomName()}.jpg`;
  await writeFile(path.join(dir, name), data);
  return `/uploads/${kind}/${name}`;
}
