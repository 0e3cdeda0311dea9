import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage } from './images';

const solid = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif') =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('processImage format allow-list (sharp’s own detection)', () => {
  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)('accepts %s', async (format) => {
    const { data } = await processImage(await solid(format), 'post');
    expect((await sharp(data).metadata()).format).toBe('webp');
  });

  it.each([
    ['svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'],
    ['html', '<!doctype html><html><body>hi</body></html>'],
    ['text', 'just some text, not an image at all'],
    ['empty', ''],
  ])('refuses %s with 415', async (_name, text) => {
    await expect(processImage(Buffer.from(text), 'profile')).rejects.toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
  });

  it('refuses a PDF-like or TIFF file even though sharp could read it', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expect(processImage(tiff, 'profile')).rejects.toMatchObject({ statusCode: 415 });
  });
});
