import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// s3rver (a dev dependency) is a real S3-compatible HTTP server written in Node: it stores objects on disk and
// speaks the S3 REST API the AWS SDK uses, signed URLs included. It ships no types.
// @ts-expect-error -- no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3Settings } from '../lib/file-store';

type Running = { run(): Promise<{ port: number }>; close(): Promise<void> };

export type TestS3 = {
  /** The S3_* settings of a fresh bucket on the server (filled in by beforeAll). */
  settings: S3Settings;
  client: S3Client;
  /** The keys in the bucket, sorted. */
  keys(): Promise<string[]>;
  exists(key: string): Promise<boolean>;
};

/**
 * Starts an S3-compatible server (s3rver) on a free loopback port for one test file, with a fresh bucket. Call it
 * before `useTestApp` so its beforeAll runs first and the app's `configure` can read `settings`.
 */
export function useS3Server(): TestS3 {
  const s3 = {} as TestS3;
  let server: Running | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agora-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir }) as Running;
    const { port } = await server.run();
    s3.settings = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: `agora-test-${Math.random().toString(36).slice(2, 10)}`,
      // s3rver's own account: it checks the key id of every request (V4 signatures it does not recompute).
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      forcePathStyle: true,
    };
    s3.client = new S3Client({
      endpoint: s3.settings.endpoint,
      region: s3.settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.client.send(new CreateBucketCommand({ Bucket: s3.settings.bucket }));
  });
  afterAll(async () => {
    s3.client?.destroy();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  s3.keys = async () => {
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  };
  s3.exists = async (key) =>
    s3.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: key })).then(
      () => true,
      () => false,
    );
  return s3;
}
