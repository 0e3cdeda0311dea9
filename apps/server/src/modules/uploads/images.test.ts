import { describe, expect, it } from 'vitest';
import { sniffImageType } from './images';

describe('sniffImageType', () => {
  const pad = (bytes: number[] | string) => Buffer.concat([Buffer.from(bytes as never), Buffer.alloc(16)]);
  it.each([
    ['jpeg', pad([0xff, 0xd8, 0xff, 0xe0])],
    ['png', pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['gif', pad('GIF89a')],
    ['webp', pad('RIFF\0\0\0\0WEBP')],
    ['avif', pad('\0\0\0\x1cftypavif')],
  ])('recognises %s', (type, buffer) => expect(sniffImageType(buffer)).toBe(type));

  it.each([
    ['svg', pad('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['html', pad('<!doctype html>')],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_n, buffer) => expect(sniffImageType(buffer)).toBeNull());
});
