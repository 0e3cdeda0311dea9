import { existsSync, readdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, multipart, pngImage, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { sweepUnattachedUploads } from './uploads.service';
import { UPLOAD_MESSAGES as IMAGE_MESSAGES } from '@agora/contract';

const t = useTestApp();

async function upload(url: string, field: string, data: Buffer, auth?: Record<string, string>, filename = 'file.png', type = 'image/png') {
  const body = multipart(field, filename, type, data);
  return t.app.inject({ method: 'POST', url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

function storedFiles(): string[] {
  const root = t.config.uploadsDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

describe('image uploads', () => {
  it('re-encodes a profile photo to a 512×512 JPEG and serves it with long cache and nosniff', async () => {
    const user = await createUser(t.database.db);
    const res = await upload('/profile/upload-picture', 'profileImage', await pngImage(900, 700), user.auth);
    expect(res.statusCode).toBe(200);
    const { imagePath } = res.json();
    expect(imagePath).toMatch(/^\/uploads\/profile\/[\w-]+\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: imagePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 512]);
  });

  it('makes a banner 1600 px wide at 3:1', async () => {
    const user = await createUser(t.database.db);
    const res = await upload('/api/profile/upload-banner', 'bannerImage', await pngImage(1200, 400), user.auth);
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await t.app.inject({ method: 'GET', url: res.json().imagePath })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 533]);
  });

  it('bounds a post image and returns its url', async () => {
    const user = await createUser(t.database.db);
    const res = await upload('/upload/image', 'image', await pngImage(3000, 1000), user.auth);
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await t.app.inject({ method: 'GET', url: res.json().url })).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2048, 683]);
  });

  it('rejects a text file renamed .png, an SVG and an HTML file, and stores nothing', async () => {
    const user = await createUser(t.database.db);
    const before = storedFiles().length;
    const cases: [Buffer, string, string][] = [
      [Buffer.from('just some text, not an image at all'), 'fake.png', 'image/png'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ],
      [Buffer.from('<!doctype html><html><body>hi</body></html>'), 'x.jpg', 'image/jpeg'],
    ];
    for (const [data, name, type] of cases) {
      const res = await upload('/profile/upload-picture', 'profileImage', data, user.auth, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported_media_type', message: IMAGE_MESSAGES.notAnImage });
    }
    expect(storedFiles().length).toBe(before);
  });

  it('rejects a truncated image', async () => {
    const user = await createUser(t.database.db);
    const png = await pngImage(300, 300);
    const res = await upload('/upload/image', 'image', png.subarray(0, 60), user.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_image' });
  });

  it('rejects a decompression bomb by its pixel count', async () => {
    const user = await createUser(t.database.db);
    // 10000×10000 of one colour compresses to a few KB but would decode to 100 megapixels.
    const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload('/upload/image', 'image', bomb, user.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_image', message: IMAGE_MESSAGES.tooManyPixels });
  });

  it('rejects an oversize file with 413 and the limit in the message', async () => {
    const user = await createUser(t.database.db);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload('/profile/upload-picture', 'profileImage', big, user.auth);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', message: IMAGE_MESSAGES.tooLarge('5MB') });
  });

  it('requires the named field, a multipart body and a signed-in user', async () => {
    const user = await createUser(t.database.db);
    const wrongField = await upload('/profile/upload-picture', 'image', await pngImage(), user.auth);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toEqual({ profileImage: IMAGE_MESSAGES.missing });
    const notMultipart = await t.app.inject({ method: 'POST', url: '/upload/image', headers: user.auth, payload: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect((await upload('/upload/image', 'image', await pngImage())).statusCode).toBe(401);
  });

  it('limits uploads per user', async () => {
    const user = await createUser(t.database.db);
    const png = await pngImage(16, 16);
    for (let i = 0; i < 60; i += 1) expect((await upload('/upload/image', 'image', png, user.auth)).statusCode).toBe(200);
    const res = await upload('/upload/image', 'image', png, user.auth);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('interrupted and endless bodies', () => {
  it.each([
    ['/profile/upload-picture', 'profileImage'],
    ['/profile/upload-banner', 'bannerImage'],
    ['/upload/image', 'image'],
  ])('answers 400 to a truncated multipart body on %s', async (url, field) => {
    const user = await createUser(t.database.db);
    const body = multipart(field, 'x.png', 'image/png', await pngImage(200, 200));
    // Cut inside the file: the closing boundary never comes.
    const cut = body.payload.subarray(0, body.payload.length - 100);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...user.auth, ...body.headers }, payload: cut });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', message: IMAGE_MESSAGES.incomplete });
  });

  describe('over a real connection', () => {
    let port = 0;
    let user: TestUser;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
      user = await createUser(t.database.db);
    });
    afterAll(() => t.app.server.closeAllConnections());

    /**
     * Streams an endless chunked multipart file (bounded here at 64 MB) and reports how much was sent before the
     * server answered, the status line, and whether the server closed the connection.
     */
    async function endlessUpload(url: string, field: string, auth: Record<string, string>) {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const boundary = '----agoraendless';
      const headers = [
        `POST ${url} HTTP/1.1`,
        'Host: 127.0.0.1',
        ...Object.entries(auth).map(([k, v]) => `${k}: ${v}`),
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Transfer-Encoding: chunked',
        '',
        '',
      ].join('\r\n');
      const chunk = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
      let response = '';
      let sentAtAnswer = -1;
      let sent = 0;
      let closedByServer = false;
      socket.on('data', (d) => {
        if (sentAtAnswer < 0) sentAtAnswer = sent;
        response += d.toString('latin1');
      });
      const closed = new Promise<void>((resolve) => {
        socket.on('end', () => ((closedByServer = true), resolve()));
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      socket.write(headers);
      socket.write(
        chunk(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
        ),
      );
      const block = chunk(Buffer.alloc(64 * 1024, 7));
      const LIMIT = 64 * 1024 * 1024;
      let done = false;
      void closed.then(() => (done = true));
      while (!done && sent < LIMIT) {
        if (!socket.write(block)) await new Promise<void>((resolve) => (socket.once('drain', resolve), closed.then(resolve)));
        sent += 64 * 1024;
      }
      await Promise.race([closed, new Promise((r) => setTimeout(r, 5000))]);
      socket.destroy();
      return { status: response.split('\r\n')[0], sentAtAnswer, sent, closedByServer: closedByServer || done };
    }

    it('cuts an endless upload at the file limit with an immediate 413 and closes the connection', async () => {
      const result = await endlessUpload('/profile/upload-picture', 'profileImage', user.auth);
      expect(result.status).toBe('HTTP/1.1 413 Payload Too Large');
      // Answered within the 5 MB limit plus what the socket buffers held, not after reading on.
      expect(result.sentAtAnswer).toBeLessThan(5 * 1024 * 1024 + 8 * 1024 * 1024);
      expect(result.closedByServer).toBe(true);
      expect(result.sent).toBeLessThan(64 * 1024 * 1024);
    });

    it('does not read an endless upload that has no session: 401 and the connection closes', async () => {
      const result = await endlessUpload('/upload/image', 'image', {});
      expect(result.status).toBe('HTTP/1.1 401 Unauthorized');
      expect(result.closedByServer).toBe(true);
      expect(result.sent).toBeLessThan(64 * 1024 * 1024);
    });
  });
});

describe('upload records and the sweep', () => {
  it('records each upload as its uploader’s, unattached', async () => {
    const user = await createUser(t.database.db);
    const res = await upload('/upload/image', 'image', await pngImage(), user.auth);
    const rows = await t.database.sql`SELECT kind, user_id, attached_at FROM uploads WHERE path = ${res.json().url}`;
    expect(rows).toEqual([{ kind: 'post', user_id: user.id, attached_at: null }]);
  });

  it('deletes uploads unattached for more than a day, with their files, and keeps the rest', async () => {
    const user = await createUser(t.database.db);
    const old = (await upload('/upload/image', 'image', await pngImage(), user.auth)).json().url as string;
    const recent = (await upload('/upload/image', 'image', await pngImage(), user.auth)).json().url as string;
    const attached = (await upload('/profile/upload-picture', 'profileImage', await pngImage(), user.auth)).json().imagePath as string;
    expect(
      (await t.app.inject({ method: 'PUT', url: '/users/profile', headers: user.auth, payload: { profileImage: attached } })).statusCode,
    ).toBe(200);
    await t.database.sql`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE path IN (${old}, ${attached})`;
    await t.database.sql`UPDATE uploads SET created_at = now() - interval '23 hours' WHERE path = ${recent}`;
    const file = (p: string) => path.join(t.config.uploadsDir, p.slice('/uploads/'.length));
    expect(await sweepUnattachedUploads(t.app.ctx)).toBe(1);
    expect(existsSync(file(old))).toBe(false);
    expect(existsSync(file(recent))).toBe(true);
    expect(existsSync(file(attached))).toBe(true);
    const left = await t.database.sql`SELECT path FROM uploads WHERE path IN (${old}, ${recent}, ${attached}) ORDER BY id`;
    expect(left.map((r) => r.path)).toEqual([recent, attached]);
  });
});
