import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup file: a gzip'ed POSIX tar (ustar) of plain parts, written and read here without a dependency
 * (docs/decisions/0140-backups-logical-dump.md). Only regular files with short relative names are written or
 * accepted; every header's checksum is checked on read, and each part's SHA-256 against the manifest by the caller.
 */

const BLOCK = 512;

/** The names a backup may hold: the manifest, one COPY file per table, and upload keys. */
export const PART_NAME = /^(manifest\.json|db\/[a-z0-9_]{1,63}\.copy|uploads\/[a-z0-9_-]{1,40}\/[A-Za-z0-9_-]{1,80}\.[a-z0-9]{1,8})$/;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

/** Writes `file` as a .tar.gz of the parts (names relative to `dir`), in the order given. */
export async function writeArchive(file: string, dir: string, names: string[], now = Date.now()): Promise<void> {
  async function* blocks() {
    for (const name of names) {
      if (!PART_NAME.test(name)) throw new Error(`Not a backup part name: ${name}`);
      const source = path.join(dir, name);
      const { size } = await stat(source);
      yield header(name, size, now);
      for await (const chunk of createReadStream(source)) yield chunk as Buffer;
      if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK), 0);
    }
    yield Buffer.alloc(BLOCK * 2, 0);
  }
  await pipeline(blocks, createGzip({ level: 6 }), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
}

/** A damaged or foreign backup file: the message is shown to the operator as is. */
export class BackupFileError extends Error {}

function parseHeader(h: Buffer): { name: string; size: number } | null {
  if (h.every((b) => b === 0)) return null;
  const stored = parseInt(h.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  if (stored !== sum) throw new BackupFileError('a tar header is damaged (checksum mismatch)');
  if (h.toString('ascii', 257, 262) !== 'ustar' || h.toString('ascii', 156, 157) !== '0') {
    throw new BackupFileError('it holds something other than plain files');
  }
  const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
  const size = parseInt(h.toString('ascii', 124, 136).replace(/\0.*$/, '').trim(), 8);
  if (!PART_NAME.test(name) || !Number.isSafeInteger(size)) throw new BackupFileError(`it holds an unexpected part "${name}"`);
  return { name, size };
}

/**
 * Extracts a .tar.gz backup into `dir` (an empty temporary folder) and returns each part's SHA-256 and size.
 * Throws BackupFileError when the file is not a complete, undamaged backup archive.
 */
export async function extractArchive(file: string, dir: string): Promise<Map<string, { sha256: string; size: number }>> {
  const parts = new Map<string, { sha256: string; size: number }>();
  let pending: Buffer = Buffer.alloc(0);
  let current: { name: string; left: number; pad: number; fd: number; hash: ReturnType<typeof createHash>; size: number } | null = null;
  let ended = false;
  const finishPart = () => {
    closeSync(current!.fd);
    parts.set(current!.name, { sha256: current!.hash.digest('hex'), size: current!.size });
  };
  try {
    for await (const chunk of createReadStream(file).pipe(createGunzip())) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      for (;;) {
        if (current) {
          if (current.left > 0) {
            const n = Math.min(current.left, pending.length);
            if (n === 0) break;
            const piece = pending.subarray(0, n);
            writeSync(current.fd, piece);
            current.hash.update(piece);
            current.left -= n;
            pending = pending.subarray(n);
            if (current.left > 0) break;
          }
          if (pending.length < current.pad) break;
          pending = pending.subarray(current.pad);
          finishPart();
          current = null;
        }
        if (ended || pending.length < BLOCK) break;
        const parsed = parseHeader(pending.subarray(0, BLOCK));
        pending = pending.subarray(BLOCK);
        if (!parsed) {
          ended = true;
          break;
        }
        if (parts.has(parsed.name)) throw new BackupFileError(`it holds "${parsed.name}" twice`);
        const target = path.join(dir, parsed.name);
        await mkdir(path.dirname(target), { recursive: true });
        current = {
          name: parsed.name,
          left: parsed.size,
          pad: parsed.size % BLOCK ? BLOCK - (parsed.size % BLOCK) : 0,
          fd: openSync(target, 'wx', 0o600),
          hash: createHash('sha256'),
          size: parsed.size,
        };
      }
    }
  } catch (error) {
    if (current) closeSync(current.fd);
    if (error instanceof BackupFileError) throw error;
    const reason =
      (error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR' ? 'it is truncated' : `it cannot be read (${(error as Error).message})`;
    throw new BackupFileError(reason, { cause: error });
  }
  if (current || !ended) {
    if (current) closeSync(current.fd);
    throw new BackupFileError('it is truncated');
  }
  return parts;
}

/** SHA-256 and size of a file. */
export async function digestFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}
