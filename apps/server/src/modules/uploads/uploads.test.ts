import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser, multipart, pngImage } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
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
