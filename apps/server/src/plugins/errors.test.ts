import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

/** Values a failed query carries as parameters: none of them may reach the log. */
const SECRET_EMAIL = 'leak.me@example.com';
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl';

describe('database errors', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildApp(t.config, t.database.db, { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    const row = (username: string, firstName = 'Leak') => ({
      username,
      email: SECRET_EMAIL,
      firstName,
      lastName: 'Me',
      passwordHash: SECRET_HASH,
    });
    // A NUL in a text parameter: PostgreSQL refuses it with SQLSTATE 22021.
    app.post('/test/nul', async () => t.database.db.insert(users).values(row('nul_value', 'a\u0000b')));
    // A username the check constraint refuses: 23514, whose detail lists every value of the row.
    app.post('/test/check', async () => t.database.db.insert(users).values(row('not a valid name!')));
    // A number PostgreSQL cannot read: 22P02.
    app.post('/test/cast', async () => t.database.sql`SELECT ${'not-a-number'}::int`);
    // What Node destroys a request stream with when the client goes away mid-upload (a multipart parser rethrows it).
    app.post('/test/aborted', async () => {
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    });
    // An upload read to its end, as the upload routes do.
    app.post('/test/upload', async (request) => {
      const file = await request.file();
      await file?.toBuffer();
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  // Issue 12 leftover: a client that closed its connection mid-upload was logged as "unhandled error" with a 500
  // nobody received, which pages an operator for a person who closed a tab.
  it('logs a client that went away mid-upload at info ("client closed the request"), never as an unhandled error', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    lines.length = 0;
    const port = (app.server.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const boundary = 'agoraboundary';
    socket.write(
      `POST /test/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: 100000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\n${'x'.repeat(2000)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const deadline = Date.now() + 5000;
    const settled = () => lines.some((l) => l.includes('unhandled error') || l.includes('client closed the request'));
    while (!settled() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const log = lines.join('\n');
    expect(log).toContain('client closed the request');
    expect(log).not.toContain('unhandled error');
  });

  it('answers a data exception (SQLSTATE class 22) with 400, never 500', async () => {
    for (const url of ['/test/nul', '/test/cast']) {
      const res = await app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
  });

  it('answers other database errors with a generic 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/check' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'internal_error',
      requestId: expect.any(String),
    });
  });

  it('never takes a client aborting its request for a lost database (no 503, no "database unavailable")', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/test/aborted' });
    expect(res.statusCode).not.toBe(503);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(lines.join('\n')).not.toContain('database unavailable');
    // The health check kept its answer: the database still answers.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('logs SQLSTATE, table and constraint, and never a parameter value', async () => {
    lines.length = 0;
    for (const url of ['/test/nul', '/test/check', '/test/cast']) await app.inject({ method: 'POST', url });
    const log = lines.join('\n');
    expect(log).toContain('"sqlstate":"22021"');
    expect(log).toContain('"sqlstate":"23514"');
    expect(log).toContain('"constraint":"users_username_format"');
    expect(log).toContain('"sqlstate":"22P02"');
    for (const secret of [SECRET_EMAIL, 'leak.me', SECRET_HASH, 'argon2id', 'not a valid name!', 'not-a-number', 'params']) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
