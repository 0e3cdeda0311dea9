import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { jobHandlers } from '../../jobs/handlers';
import { JobQueue } from '../../jobs/queue';
import { S3UploadStore, s3Origin, SIGNED_URL_WINDOW_S } from '../../lib/file-store';
import { createMailer } from '../../mail/transport';
import { loadConfig } from '../../plugins/config';
import { registerSecurity } from '../../plugins/security';
import { seedDemo } from '../../seed/seed';
import {
  createBlog,
  createGroup,
  createUser,
  multipart,
  multipartForm,
  pngImage,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { useS3Server } from '../../test/s3-server';
import { useTestApp } from '../../test/test-app';

// Issue 17 §2: with S3_* set, every upload lives in the bucket (a real S3-compatible server here, s3rver), the
// folder stays empty, and GET /uploads/<key> redirects to a short-lived signed URL of the object.
const s3 = useS3Server();
const t = useTestApp({ rateLimit: false, configure: (config) => ({ ...config, s3: s3.settings }) });
let worker: JobQueue;
beforeAll(async () => {
  const mailer = createMailer(
    { smtpUrl: undefined, from: 'Agora <no-reply@agora.test>', dir: `${t.config.dataDir}/mail` },
    { info: () => {} },
  );
  worker = await JobQueue.start(t.databaseUrl, {
    work: true,
    handlers: jobHandlers(t.app.ctx, mailer),
    log: { info: () => {}, warn: () => {} },
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await worker?.stop();
});

const keyOf = (publicPath: string) => publicPath.slice('/uploads/'.length);

async function upload(user: TestUser, url: string, field: string, width = 64, height = 64) {
  const body = multipart(field, 'photo.png', 'image/png', await pngImage(width, height));
  return t.app.inject({ method: 'POST', url, headers: { ...user.auth, ...body.headers }, payload: body.payload });
}

/** Follows GET /uploads/<key>: the app's 302, then the signed URL on the S3 server. */
async function fetchUpload(publicPath: string) {
  const redirect = await t.app.inject({ method: 'GET', url: publicPath });
  if (redirect.statusCode !== 302) return { redirect, object: null };
  const object = await fetch(redirect.headers.location as string);
  return { redirect, object };
}

describe('uploads in an S3-compatible bucket', () => {
  it('stores a profile picture, banner and post image as objects, never in the uploads folder', async () => {
    const ada = await createUser(t.database.db);
    const picture = await upload(ada, '/profile/upload-picture', 'profileImage');
    const banner = await upload(ada, '/profile/upload-banner', 'bannerImage', 900, 300);
    const image = await upload(ada, '/upload/image', 'image');
    for (const res of [picture, banner, image]) expect(res.statusCode, res.body).toBe(200);
    const paths = [picture.json().imagePath, banner.json().imagePath, image.json().url] as string[];
    // The public paths are the same shape as with the folder: clients written against the spec see no change.
    expect(paths[0]).toMatch(/^\/uploads\/profile\/[\w-]+\.jpg$/);
    expect(paths[1]).toMatch(/^\/uploads\/banner\/[\w-]+\.jpg$/);
    expect(paths[2]).toMatch(/^\/uploads\/post\/[\w-]+\.webp$/);
    const keys = await s3.keys();
    for (const p of paths) expect(keys).toContain(keyOf(p));
    for (const p of paths) expect(existsSync(`${t.config.uploadsDir}/${keyOf(p)}`)).toBe(false);
    // Processed by sharp before the put: the bytes in the bucket are the 512×512 JPEG.
    const { object } = await fetchUpload(paths[0]!);
    const meta = await sharp(Buffer.from(await object!.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([512, 512, 'jpeg']);
  });

  it('answers GET /uploads/<key> with a 302 to a signed URL that the S3 server serves with the bytes', async () => {
    const ada = await createUser(t.database.db);
    const url = (await upload(ada, '/upload/image', 'image')).json().url as string;
    const { redirect, object } = await fetchUpload(url);
    expect(redirect.statusCode).toBe(302);
    const location = new URL(redirect.headers.location as string);
    expect(`${location.protocol}//${location.host}`).toBe(s3.settings.endpoint);
    expect(location.pathname).toBe(`/${s3.settings.bucket}/${keyOf(url)}`);
    expect(location.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(2 * SIGNED_URL_WINDOW_S));
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // The redirect is cached only while the URL is still valid, privately.
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(redirect.headers['cache-control'] as string)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(SIGNED_URL_WINDOW_S - 60);
    expect(maxAge).toBeLessThanOrEqual(2 * SIGNED_URL_WINDOW_S - 60);
    expect(object!.status).toBe(200);
    expect(object!.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await object!.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    // The same URL all through a window, so browsers cache the image under it.
    expect((await t.app.inject({ method: 'GET', url })).headers.location).toBe(redirect.headers.location);
  });

  it('signs URLs that stay valid for a window at least, and are reused within it', async () => {
    const store = t.app.ctx.uploads as S3UploadStore;
    const start = Math.floor(Date.now() / (SIGNED_URL_WINDOW_S * 1000)) * SIGNED_URL_WINDOW_S * 1000;
    const early = await store.signedUrl('post/x.webp', start + 1_000);
    const late = await store.signedUrl('post/x.webp', start + SIGNED_URL_WINDOW_S * 1000 - 1_000);
    const next = await store.signedUrl('post/x.webp', start + SIGNED_URL_WINDOW_S * 1000 + 1_000);
    expect(late.url).toBe(early.url);
    expect(next.url).not.toBe(early.url);
    expect(early.maxAgeS).toBe(2 * SIGNED_URL_WINDOW_S - 1 - 60);
    expect(late.maxAgeS).toBe(SIGNED_URL_WINDOW_S + 1 - 60);
  });

  it('lets pages show images from the store’s origin, even an http one (CSP img-src)', async () => {
    const app = Fastify();
    await registerSecurity(app, [], [s3Origin(s3.settings)]);
    app.get('/', (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' data: blob: https: ${s3.settings.endpoint};`);
    expect(s3Origin({ ...s3.settings, endpoint: 'https://s3.example.com', forcePathStyle: false })).toBe(
      `https://${s3.settings.bucket}.s3.example.com`,
    );
    await app.close();
  });

  it('answers 404 (JSON) for a path that is not an upload, without redirecting', async () => {
    for (const url of ['/uploads/post/..%2F..%2Fsecret.webp', '/uploads/nothing', '/uploads/post/a.exe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('deletes the object when its picture is replaced or removed', async () => {
    const bob = await createUser(t.database.db);
    const first = (await upload(bob, '/profile/upload-picture', 'profileImage')).json().imagePath as string;
    expect(
      (await t.app.inject({ method: 'PUT', url: '/users/profile', headers: bob.auth, payload: { profileImage: first } })).statusCode,
    ).toBe(200);
    const second = (await upload(bob, '/profile/upload-picture', 'profileImage')).json().imagePath as string;
    expect(
      (await t.app.inject({ method: 'PUT', url: '/users/profile', headers: bob.auth, payload: { profileImage: second } })).statusCode,
    ).toBe(200);
    expect(await s3.exists(keyOf(first))).toBe(false);
    expect(await s3.exists(keyOf(second))).toBe(true);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/users/profile', headers: bob.auth, payload: { profileImage: null } })).statusCode,
    ).toBe(200);
    expect(await s3.exists(keyOf(second))).toBe(false);
    // A deleted object's URL still redirects; the S3 server answers 404 for it.
    const { object } = await fetchUpload(second);
    expect(object!.status).toBe(404);
  });

  it('the unattached-uploads sweep deletes the objects', async () => {
    const cy = await createUser(t.database.db);
    const url = (await upload(cy, '/upload/image', 'image')).json().url as string;
    expect(await s3.exists(keyOf(url))).toBe(true);
    await t.database.db.execute(sql`UPDATE uploads SET created_at = now() - interval '2 days' WHERE path = ${url}`);
    const { sweepUnattachedUploads } = await import('./uploads.service');
    expect(await sweepUnattachedUploads(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await s3.exists(keyOf(url))).toBe(false);
  });

  it('stores a community’s pictures in the bucket and deletes them with the community', async () => {
    const owner = await createUser(t.database.db);
    const form = multipartForm(
      { group_name: 'Bucket Club' },
      { group_dp: { data: await pngImage(64, 64) }, group_banner: { data: await pngImage(300, 100), filename: 'b.png' } },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: { ...owner.auth, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { group_id: id, group } = created.json();
    expect(await s3.exists(keyOf(group.group_dp))).toBe(true);
    expect(await s3.exists(keyOf(group.group_banner))).toBe(true);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/groups/${id}`,
      headers: owner.auth,
      payload: { confirmName: 'Bucket Club' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.exists(keyOf(group.group_dp))).toBe(false);
    expect(await s3.exists(keyOf(group.group_banner))).toBe(false);
  });

  it('stores a blog’s header image in the bucket and deletes it with the blog', async () => {
    const owner = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner, name: 'Blog Bucket' });
    const blog = await createBlog(t, group, owner, { title: 'With a header' }, { data: await pngImage(400, 200) });
    expect(blog.blog_img).toMatch(/^\/uploads\/blog\//);
    expect(await s3.exists(keyOf(blog.blog_img!))).toBe(true);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/groups/${group.id}/blogs/${blog.id}`, headers: owner.auth });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s3.exists(keyOf(blog.blog_img!))).toBe(false);
  });

  it('puts the person’s objects in their data export, and deleting the account removes them', async () => {
    const dee = await createUser(t.database.db);
    const photo = (await upload(dee, '/profile/upload-picture', 'profileImage')).json().imagePath as string;
    expect(
      (await t.app.inject({ method: 'PUT', url: '/users/profile', headers: dee.auth, payload: { profileImage: photo } })).statusCode,
    ).toBe(200);
    const image = (await upload(dee, '/upload/image', 'image')).json().url as string;

    expect((await t.app.inject({ method: 'POST', url: '/api/account/export', headers: dee.auth })).statusCode).toBe(202);
    const deadline = Date.now() + 15_000;
    let ready: { id: number } | undefined;
    while (!ready) {
      const latest = (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: dee.auth })).json().export;
      if (latest?.status === 'ready') ready = latest;
      else if (Date.now() > deadline) throw new Error(`export not ready: ${JSON.stringify(latest)}`);
      else await new Promise((r) => setTimeout(r, 100));
    }
    const download = await t.app.inject({ method: 'GET', url: `/api/account/export/${ready.id}`, headers: dee.auth });
    expect(download.statusCode).toBe(200);
    const entries = await unzip(download.rawPayload);
    const { object } = await fetchUpload(photo);
    expect(entries.get(`images/${keyOf(photo)}`)).toEqual(Buffer.from(await object!.arrayBuffer()));
    expect(entries.has(`images/${keyOf(image)}`)).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: dee.auth, payload: { password: TEST_PASSWORD } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await s3.exists(keyOf(photo))).toBe(false);
  });

  it('seeds the demo pictures into the bucket', async () => {
    // The seed writes through the same store (its transaction is separate from the app's tests' users).
    await t.database.db.execute(sql`TRUNCATE users CASCADE`);
    const accounts = await seedDemo(t.database.db, t.app.ctx.uploads);
    expect(accounts?.length).toBeGreaterThan(0);
    const [row] = [
      ...(await t.database.db.execute<{ path: string }>(
        sql`SELECT profile_image AS path FROM users WHERE profile_image IS NOT NULL LIMIT 1`,
      )),
    ];
    expect(await s3.exists(keyOf(row!.path))).toBe(true);
  });
});

describe('S3 settings', () => {
  const env = { DATA_DIR: '/tmp/agora-s3-config' };
  const all = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'agora-uploads',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'never-logged-secret',
  };

  it('uses the folder with none of them, UPLOADS_DIR when given', () => {
    expect(loadConfig(env).s3).toBeUndefined();
    expect(loadConfig(env).uploadsDir).toBe('/tmp/agora-s3-config/uploads');
    expect(loadConfig({ ...env, UPLOADS_DIR: '/srv/shared/uploads' }).uploadsDir).toBe('/srv/shared/uploads');
    // An empty value counts as unset (env files).
    expect(loadConfig({ ...env, S3_ENDPOINT: '', S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('uses the bucket with all four, us-east-1 and path-style by default', () => {
    expect(loadConfig({ ...env, ...all }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'agora-uploads',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'never-logged-secret',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...env, ...all, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: false,
    });
  });

  it('refuses to start with some but not all of them, naming what is missing and never the secret', () => {
    const { S3_BUCKET: _bucket, S3_ACCESS_KEY_ID: _id, ...partial } = all;
    expect(() => loadConfig({ ...env, ...partial })).toThrow(
      'Invalid configuration: S3_BUCKET, S3_ACCESS_KEY_ID are missing: uploads go to an S3-compatible store only with all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set (or none, to keep them in UPLOADS_DIR)',
    );
    expect(() => loadConfig({ ...env, S3_BUCKET: 'agora-uploads' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    );
    let message = '';
    try {
      loadConfig({ ...env, ...all, S3_ENDPOINT: 'not a url' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: S3_ENDPOINT/);
    expect(message).not.toContain('never-logged-secret');
  });

  it('the server process exits at start with that message when some are missing', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-s3-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', '..', 'main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        S3_ENDPOINT: all.S3_ENDPOINT,
        S3_SECRET_ACCESS_KEY: all.S3_SECRET_ACCESS_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).not.toBe(0);
    expect(output).toContain('Invalid configuration: S3_BUCKET, S3_ACCESS_KEY_ID are missing');
    expect(output).not.toContain(all.S3_SECRET_ACCESS_KEY);
  }, 30_000);

  it('refuses to start when the bucket cannot be reached, naming the bucket', async () => {
    const store = new S3UploadStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(store.check()).rejects.toThrow('The S3 bucket "no-such-bucket" cannot be reached with the S3_* settings');
  });
});

/** The entries of a zip, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}
