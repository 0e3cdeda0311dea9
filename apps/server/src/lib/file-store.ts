import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { UPLOAD_PATH_PATTERN } from '@agora/contract';

/** The S3-compatible store's settings (S3_*): all four of endpoint, bucket and keys, or none (plugins/config.ts). */
export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
};

/**
 * Where uploaded files live, under keys `<kind>/<name>.<ext>` (the public path without `/uploads/`): a folder
 * (UPLOADS_DIR, a shared volume when several nodes run) or an S3-compatible bucket. Every write, read and delete
 * of an upload goes through one (docs/decisions/0135-s3-uploads-store.md).
 */
export interface UploadStore {
  readonly kind: 'local' | 's3';
  /** Stores a new object; never overwrites one (names are random, so an existing key is a failure). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when it does not exist. */
  stream(key: string): Promise<Readable | null>;
  /** Whether the object exists. */
  exists(key: string): Promise<boolean>;
  /** Deletes the object; one already gone is fine. */
  delete(key: string): Promise<void>;
  /** Checks at start that the store can be used (folder created, bucket reachable); throws a clear error. */
  check(): Promise<void>;
}

/** The key of one of our public upload paths (/uploads/<kind>/<name>.<jpg|webp>), or null for anything else. */
export function uploadKeyOf(publicPath: string | null | undefined): string | null {
  if (!publicPath || !UPLOAD_PATH_PATTERN.test(publicPath)) return null;
  return publicPath.slice('/uploads/'.length);
}

/** The content type stored with an upload, from its extension. */
export function uploadContentType(key: string): string {
  return key.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
}

/** Uploads as files under a folder (the default: DATA_DIR/uploads, or UPLOADS_DIR). */
export class LocalUploadStore implements UploadStore {
  readonly kind = 'local' as const;
  constructor(readonly dir: string) {}

  private file(key: string): string {
    const file = path.resolve(this.dir, key);
    // Keys come from our own paths, but no key may ever reach outside the folder.
    if (!file.startsWith(path.resolve(this.dir) + path.sep)) throw new Error(`Invalid upload key: ${key}`);
    return file;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
  }

  async stream(key: string): Promise<Readable | null> {
    const file = this.file(key);
    return (await this.exists(key)) ? createReadStream(file) : null;
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.file(key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await unlink(this.file(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }
}

/** How long a signed URL that GET /uploads/<key> redirects to stays valid at least, and the window it is reused in. */
export const SIGNED_URL_WINDOW_S = 300;

/** Uploads as objects of an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, R2…). */
export class S3UploadStore implements UploadStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private sdk: Promise<Sdk> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
  }

  /** The AWS SDK is loaded on first use (about a second of start-up), so the default folder mode never pays for it. */
  private load(): Promise<Sdk> {
    this.sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([s3, presigner]) => ({
      s3,
      getSignedUrl: presigner.getSignedUrl,
      client: new s3.S3Client({
        endpoint: this.settings.endpoint,
        region: this.settings.region,
        forcePathStyle: this.settings.forcePathStyle,
        credentials: { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
        // Checksums only where S3 requires them: several S3-compatible servers reject the newer checksum headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.sdk;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { s3, client } = await this.load();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        // Names are random and never reused: the bytes under a key never change.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async stream(key: string): Promise<Readable | null> {
    const { s3, client } = await this.load();
    try {
      const object = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const { s3, client } = await this.load();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.load();
    // S3 answers a delete of a missing key with success.
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async check(): Promise<void> {
    const { s3, client } = await this.load();
    try {
      await client.send(new s3.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'unknown error';
      throw new Error(`The S3 bucket "${this.bucket}" cannot be reached with the S3_* settings (${reason})`, { cause: error });
    }
  }

  /**
   * A signed GET URL for the object, valid SIGNED_URL_WINDOW_S seconds at least: URLs are signed at the start of
   * the current window and expire two windows later, so every request in a window gets the same URL (browsers
   * and CDNs cache the image under it). Returns the URL and how long a redirect to it may be cached.
   */
  async signedUrl(key: string, now = Date.now()): Promise<{ url: string; maxAgeS: number }> {
    const { s3, client, getSignedUrl } = await this.load();
    const windowMs = SIGNED_URL_WINDOW_S * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    const expiresIn = 2 * SIGNED_URL_WINDOW_S;
    const url = await getSignedUrl(client, new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn,
      signingDate: new Date(start),
    });
    // The redirect is cached no longer than the URL has left, less a minute of clock skew.
    const maxAgeS = Math.max(0, Math.floor((start + expiresIn * 1000 - now) / 1000) - 60);
    return { url, maxAgeS };
  }
}

type Sdk = {
  s3: typeof S3;
  getSignedUrl: typeof Presigner.getSignedUrl;
  client: S3.S3Client;
};

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The origin signed URLs point at (the page's CSP allows images from it): the endpoint, or bucket.endpoint. */
export function s3Origin(settings: S3Settings): string {
  const url = new URL(settings.endpoint);
  return settings.forcePathStyle ? url.origin : `${url.protocol}//${settings.bucket}.${url.host}`;
}

/** The store the settings ask for: S3 when the S3_* settings are there, else the uploads folder. */
export function createUploadStore(settings: { uploadsDir: string; s3: S3Settings | undefined }): UploadStore {
  return settings.s3 ? new S3UploadStore(settings.s3) : new LocalUploadStore(settings.uploadsDir);
}

/** Deletes stored uploads by public path, best effort: paths that are not ours, or objects already gone, are skipped. */
export async function deleteStoredUploads(store: UploadStore, publicPaths: (string | null | undefined)[]): Promise<void> {
  await Promise.all(
    publicPaths.map(async (publicPath) => {
      const key = uploadKeyOf(publicPath);
      if (key) await store.delete(key).catch(() => {});
    }),
  );
}
