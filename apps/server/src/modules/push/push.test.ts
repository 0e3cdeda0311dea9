import crypto from 'node:crypto';
import { statSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
// http_ece comes with web-push: the same RFC 8188/8291 code a browser's decryption follows.
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MAX_SUBSCRIPTIONS, PUSH_MESSAGES } from '@agora/contract';
import { loadConfig } from '../../plugins/config';
import { createGroup, createPost, createUser, type TestUser } from '../../test/factories';
import { useSocketClients } from '../../test/socket-clients';
import { client, useTestApp } from '../../test/test-app';
import { vapidFile } from './push.keys';
import { deliverWebPush, PUSH_MAX_ATTEMPTS, PUSH_MAX_FAILURES, PUSH_TTL_SECONDS } from './push.sender';

const t = useTestApp({ rateLimit: false });
const clients = useSocketClients(t);
const api = client(t);

/** A stub push service on loopback: records every request, answers what `reply` says. */
type Recorded = { url: string; headers: http.IncomingHttpHeaders; body: Buffer };
const received: Recorded[] = [];
let reply: () => { status: number; headers?: Record<string, string> } = () => ({ status: 201 });
let stubOrigin = '';
const stub = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    const answer = reply();
    res.writeHead(answer.status, answer.headers).end();
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubOrigin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

/** A fake browser: its P-256 key pair and 16-byte auth secret, as PushManager.subscribe makes them. */
function fakeBrowser(name: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = crypto.randomBytes(16);
  return {
    ecdh,
    secret,
    subscription: {
      endpoint: `${stubOrigin}/push/${name}-${crypto.randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: secret.toString('base64url') },
    },
  };
}
type Browser = ReturnType<typeof fakeBrowser>;

async function subscribe(user: TestUser, name = 'device'): Promise<Browser> {
  const browser = fakeBrowser(name);
  const res = await api.post('/api/push/subscriptions', user, browser.subscription);
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

/** The push jobs enqueued since the last call (taken off the queue: this file runs them itself). */
async function takePushJobs(): Promise<{ data: unknown; startAfter: Date }[]> {
  const rows = await t.database.db.execute<{ data: unknown; start_after: Date }>(
    sql`DELETE FROM pgboss.job WHERE name = 'push' RETURNING data, start_after`,
  );
  return [...rows].map((r) => ({ data: r.data, startAfter: new Date(r.start_after) }));
}

async function subscriptionsOf(userId: number): Promise<{ endpoint: string; failure_count: number; last_success_at: Date | null }[]> {
  return [
    ...(await t.database.db.execute<{ endpoint: string; failure_count: number; last_success_at: Date | null }>(
      sql`SELECT endpoint, failure_count, last_success_at FROM push_subscriptions WHERE user_id = ${userId}::int ORDER BY id`,
    )),
  ];
}

/** Ada owns a community, Bob is a member; Bob liking Ada's new post notifies Ada. */
async function cast() {
  const ada = await createUser(t.database.db);
  const bob = await createUser(t.database.db);
  const group = await createGroup(t.database.db, { owner: ada, members: [{ user: bob }] });
  const like = async () => {
    const post = await createPost(t, group, ada, 'A post');
    const res = await api.post(`/groups/${group.id}/discussions/${post.id}/like`, bob);
    expect(res.statusCode, res.body).toBe(200);
    return post;
  };
  return { ada, bob, group, like };
}

describe('push routes', () => {
  it('gives the VAPID public key, generated once into DATA_DIR/vapid.json (mode 0600)', async () => {
    const res = await api.get('/api/push/key');
    expect(res.statusCode).toBe(200);
    const file = vapidFile(t.config.dataDir);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    expect(res.json()).toEqual({ publicKey: stored.publicKey });
    expect(Buffer.from(stored.publicKey, 'base64url')).toHaveLength(65);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a partial VAPID configuration, naming what is missing', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', VAPID_PUBLIC_KEY: 'A'.repeat(87) })).toThrow(/missing VAPID_PRIVATE_KEY, VAPID_SUBJECT/);
  });

  it('needs sign-in to subscribe and to unsubscribe', async () => {
    const browser = fakeBrowser('anon');
    expect((await api.post('/api/push/subscriptions', null, browser.subscription)).statusCode).toBe(401);
    expect((await api.send('DELETE', '/api/push/subscriptions', null, { endpoint: browser.subscription.endpoint })).statusCode).toBe(401);
  });

  it('refuses endpoints that are not a push service and keys of the wrong size, with the message', async () => {
    const ada = await createUser(t.database.db);
    const { subscription } = fakeBrowser('x');
    const cases: [unknown, string][] = [
      [{ ...subscription, endpoint: 'http://push.example.com/x' }, PUSH_MESSAGES.endpoint],
      [{ ...subscription, endpoint: 'https://169.254.169.254/latest/meta-data' }, PUSH_MESSAGES.endpoint],
      [{ ...subscription, endpoint: 'https://fcm.googleapis.com.evil.test/x' }, PUSH_MESSAGES.endpoint],
      [{ ...subscription, endpoint: `https://fcm.googleapis.com/${'a'.repeat(1100)}` }, PUSH_MESSAGES.endpoint],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: subscription.keys.p256dh.slice(0, 40) } }, PUSH_MESSAGES.keys],
      [{ ...subscription, keys: { ...subscription.keys, auth: Buffer.alloc(12).toString('base64url') } }, PUSH_MESSAGES.keys],
      [{ ...subscription, keys: { ...subscription.keys, auth: 'not base64url!!!!!!!!!' } }, PUSH_MESSAGES.keys],
      [{ endpoint: subscription.endpoint }, PUSH_MESSAGES.keys],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/api/push/subscriptions', ada, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const fcm = { ...subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' };
    expect((await api.post('/api/push/subscriptions', ada, fcm)).statusCode).toBe(200);
    expect(await subscriptionsOf(ada.id)).toHaveLength(1);
  });

  it('deletes only one’s own subscription', async () => {
    const ada = await createUser(t.database.db);
    const bob = await createUser(t.database.db);
    const browser = await subscribe(ada);
    const byBob = await api.send('DELETE', '/api/push/subscriptions', bob, { endpoint: browser.subscription.endpoint });
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json().message).toBe(PUSH_MESSAGES.notFound);
    expect(await subscriptionsOf(ada.id)).toHaveLength(1);
    const byAda = await api.send('DELETE', '/api/push/subscriptions', ada, { endpoint: browser.subscription.endpoint });
    expect(byAda.statusCode).toBe(200);
    expect(byAda.json().message).toBe(PUSH_MESSAGES.unsubscribed);
    expect(await subscriptionsOf(ada.id)).toHaveLength(0);
  });

  it(`keeps a person's newest ${PUSH_MAX_SUBSCRIPTIONS} devices; subscribing again updates the row`, async () => {
    const ada = await createUser(t.database.db);
    const first = await subscribe(ada, 'first');
    for (let i = 0; i < PUSH_MAX_SUBSCRIPTIONS; i += 1) await subscribe(ada, `d${i}`);
    const rows = await subscriptionsOf(ada.id);
    expect(rows).toHaveLength(PUSH_MAX_SUBSCRIPTIONS);
    expect(rows.map((r) => r.endpoint)).not.toContain(first.subscription.endpoint);
    const again = { ...first.subscription, endpoint: rows[0]!.endpoint };
    expect((await api.post('/api/push/subscriptions', ada, again)).statusCode).toBe(200);
    expect(await subscriptionsOf(ada.id)).toHaveLength(PUSH_MAX_SUBSCRIPTIONS);
  });
});

/** The VAPID JWT's claims, after checking its ES256 signature against the server's public key. */
function verifyVapid(authorization: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

describe('sending', () => {
  it('pushes a notification to a person with no open tab: encrypted per RFC 8291, VAPID-signed, only the panel text', async () => {
    const { ada, like } = await cast();
    const browser = await subscribe(ada);
    received.length = 0;
    reply = () => ({ status: 201 });
    await like();
    const jobs = await takePushJobs();
    expect(jobs).toHaveLength(1);
    expect(await deliverWebPush(t.app.ctx, jobs[0]!.data)).toBe('sent');

    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(`${stubOrigin}${request.url}`).toBe(browser.subscription.endpoint);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(request.headers.urgency).toBe('normal');
    const claims = verifyVapid(String(request.headers.authorization), t.app.ctx.push.vapid!.publicKey);
    expect(claims.aud).toBe(stubOrigin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

    const plain = ece.decrypt(request.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.secret });
    const payload = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
    const panel = (await api.get('/api/notifications', ada)).json() as {
      notifications: { id: number; noti_content: string; noti_link: string }[];
    };
    const shown = panel.notifications[0]!;
    expect(payload).toEqual({ title: 'Agora', body: shown.noti_content, url: shown.noti_link, tag: `n${shown.id}` });
    expect(request.headers.topic).toBe(`n${shown.id}`);
    expect((await subscriptionsOf(ada.id))[0]!.last_success_at).not.toBeNull();
  });

  it('does not push to a person with an open socket', async () => {
    const { ada, like } = await cast();
    await subscribe(ada);
    const socket = clients.open(ada.token);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    received.length = 0;
    await like();
    const jobs = await takePushJobs();
    expect(jobs).toHaveLength(1);
    expect(await deliverWebPush(t.app.ctx, jobs[0]!.data)).toBe('skipped');
    expect(received).toHaveLength(0);
    socket.disconnect();
  });

  it('enqueues nothing for a type turned off or a muted community', async () => {
    const { ada, group, like } = await cast();
    await subscribe(ada);
    const off = await api.send('PUT', '/api/notifications/settings', ada, { types: { like: false } });
    expect(off.statusCode, off.body).toBe(200);
    await like();
    expect(await takePushJobs()).toHaveLength(0);
    await api.send('PUT', '/api/notifications/settings', ada, { types: { like: true } });
    const mute = await api.send('PUT', `/api/groups/${group.id}/mute`, ada, { muted: true });
    expect(mute.statusCode, mute.body).toBe(200);
    await like();
    expect(await takePushJobs()).toHaveLength(0);
    await api.send('PUT', `/api/groups/${group.id}/mute`, ada, { muted: false });
    await like();
    expect(await takePushJobs()).toHaveLength(1);
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const { ada, like } = await cast();
    await subscribe(ada);
    reply = () => ({ status: 410 });
    await like();
    const [job] = await takePushJobs();
    expect(await deliverWebPush(t.app.ctx, job!.data)).toBe('gone');
    expect(await subscriptionsOf(ada.id)).toHaveLength(0);
  });

  it('retries a 5xx or 429 after Retry-After, a bounded number of times, then counts a failure', async () => {
    const { ada, like } = await cast();
    await subscribe(ada);
    reply = () => ({ status: 503, headers: { 'retry-after': '120' } });
    received.length = 0;
    await like();
    let [job] = await takePushJobs();
    for (let attempt = 1; attempt < PUSH_MAX_ATTEMPTS; attempt += 1) {
      const before = Date.now();
      expect(await deliverWebPush(t.app.ctx, job!.data)).toBe('retry');
      const next = await takePushJobs();
      expect(next).toHaveLength(1);
      expect(next[0]!.startAfter.getTime()).toBeGreaterThanOrEqual(before + 119_000);
      expect(next[0]!.data).toMatchObject({ attempt: attempt + 1 });
      job = next[0];
    }
    expect(await deliverWebPush(t.app.ctx, job!.data)).toBe('failed');
    expect(await takePushJobs()).toHaveLength(0);
    expect(received).toHaveLength(PUSH_MAX_ATTEMPTS);
    expect((await subscriptionsOf(ada.id))[0]!.failure_count).toBe(1);
    reply = () => ({ status: 201 });
  });

  it(`drops a subscription after ${PUSH_MAX_FAILURES} failed deliveries in a row`, async () => {
    const { ada, like } = await cast();
    await subscribe(ada);
    reply = () => ({ status: 400 });
    for (let i = 1; i < PUSH_MAX_FAILURES; i += 1) {
      await like();
      const [job] = await takePushJobs();
      expect(await deliverWebPush(t.app.ctx, job!.data)).toBe('failed');
    }
    expect((await subscriptionsOf(ada.id))[0]!.failure_count).toBe(PUSH_MAX_FAILURES - 1);
    await like();
    const [last] = await takePushJobs();
    expect(await deliverWebPush(t.app.ctx, last!.data)).toBe('dropped');
    expect(await subscriptionsOf(ada.id)).toHaveLength(0);
    reply = () => ({ status: 201 });
  });
});
