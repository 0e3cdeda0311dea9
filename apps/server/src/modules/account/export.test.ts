import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ACCOUNT_MESSAGES, OPTIONAL_NOTIFICATION_TYPES, SYSTEM_NOTIFICATION_TEXTS } from '@agora/contract';
import { jobHandlers } from '../../jobs/handlers';
import { JobQueue } from '../../jobs/queue';
import { createMailer } from '../../mail/transport';
import { createGroup, createUser, multipart, pngImage } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { useTestApp } from '../../test/test-app';

// Issue 14 §7: an export is queued, built by the job queue, mailed, and downloadable by its owner only.
const t = useTestApp({ rateLimit: false });
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: JobQueue;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Agora <no-reply@agora.test>', dir: '' }, { info: () => {} });
  worker = await JobQueue.start(t.databaseUrl, {
    work: true,
    handlers: jobHandlers(t.app.ctx, mailer),
    log: { info: () => {}, warn: () => {} },
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
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

async function waitReady(auth: { authorization: string }) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const latest = (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: auth })).json().export;
    if (latest?.status === 'ready') return latest as { id: number; expires: string };
    if (Date.now() > deadline) throw new Error(`export not ready: ${JSON.stringify(latest)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('data export (§7)', () => {
  it('builds a zip with the person’s data and uploaded images, mails them, and lets only them download it', async () => {
    const ada = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const group = await createGroup(t.database.db, { owner: ada, name: 'Export Club' });
    const body = multipart('image', 'photo.png', 'image/png', await pngImage());
    const upload = await t.app.inject({
      method: 'POST',
      url: '/upload/image',
      headers: { ...ada.auth, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/groups/${group.id}/discussions`,
      headers: ada.auth,
      payload: { content: 'My exported words' },
    });
    expect(posted.statusCode, posted.body).toBeLessThan(300);

    const queued = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: ada.auth });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().status).toBe('pending');
    const ready = await waitReady(ada.auth);
    expect(new Date(ready.expires).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const download = await t.app.inject({ method: 'GET', url: `/api/account/export/${ready.id}`, headers: ada.auth });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const entries = await unzip(download.rawPayload);
    expect([...entries.keys()].filter((k) => k.endsWith('.json')).sort()).toEqual([
      'account.json',
      'blogs.json',
      'comments.json',
      'discussions.json',
      'likes.json',
      'notifications.json',
    ]);
    const account = JSON.parse(entries.get('account.json')!.toString());
    expect(account.profile.username).toBe(ada.username);
    expect(account.communities.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([['Export Club', 'owner']]);
    expect(JSON.parse(entries.get('discussions.json')!.toString()).map((d: { content: string }) => d.content)).toEqual([
      'My exported words',
    ]);
    const imageName = [...entries.keys()].find((k) => k.startsWith('images/'));
    expect(`/uploads/${imageName!.slice('images/'.length)}`).toBe(upload.json().url);

    await smtp.waitFor(1);
    expect(smtp.received.some((m) => m.subject === 'Your data export is ready | Agora')).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: `/api/account/export/${ready.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/account/export/${ready.id}` })).statusCode).toBe(401);
  });

  it('when ready, tells the person in the app too: an export_ready notification without a sender, that cannot be turned off', async () => {
    const cid = await createUser(t.database.db);
    // Every optional type off: the answer to one's own request still arrives, and it is not a type one can turn off.
    const types = Object.fromEntries(OPTIONAL_NOTIFICATION_TYPES.map((type) => [type, false]));
    const off = await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: cid.auth, payload: { types } });
    expect(off.statusCode).toBe(200);
    expect(Object.keys(off.json().types)).not.toContain('export_ready');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: cid.auth,
      payload: { types: { export_ready: false } },
    });
    expect(refused.statusCode).toBe(400);

    expect((await t.app.inject({ method: 'POST', url: '/api/account/export', headers: cid.auth })).statusCode).toBe(202);
    await waitReady(cid.auth);
    const list = (await t.app.inject({ method: 'GET', url: '/notifications', headers: cid.auth })).json();
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      noti_type: 'export_ready',
      noti_content: SYSTEM_NOTIFICATION_TEXTS.export_ready,
      noti_link: '/settings',
      sender_id: null,
      sender_username: null,
      sender_profile_image: null,
      is_read: false,
    });
  });

  it('allows one export a day (429) and one at a time (409)', async () => {
    const bea = await createUser(t.database.db);
    // Two at once: the second waits for the first's row and finds it pending.
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/account/export', headers: bea.auth }),
      t.app.inject({ method: 'POST', url: '/api/account/export', headers: bea.auth }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(ACCOUNT_MESSAGES.exportPending);
    await waitReady(bea.auth);
    const again = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: bea.auth });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.exportOncePerDay);
  });

  it('stops serving an archive after its 7 days, and the sweep deletes it', async () => {
    const cy = await createUser(t.database.db);
    await t.app.inject({ method: 'POST', url: '/api/account/export', headers: cy.auth });
    const ready = await waitReady(cy.auth);
    await t.database.db.execute(sql`UPDATE account_exports SET expires_at = now() - interval '1 second' WHERE id = ${ready.id}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/account/export/${ready.id}`, headers: cy.auth })).statusCode).toBe(404);
    const { sweepExpiredExports } = await import('./export.service');
    expect(await sweepExpiredExports(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.execute(sql`SELECT id FROM account_exports WHERE id = ${ready.id}`);
    expect([...left]).toHaveLength(0);
  });
});
