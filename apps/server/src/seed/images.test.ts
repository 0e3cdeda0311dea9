import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bannerJpeg, bannerSvg } from './images';

describe('demo banner', () => {
  const svg = bannerSvg(['#4f46e5', '#0ea5e9']);

  it('has no small filled disc that could pass for a button (issue 5 §7)', () => {
    const circles = [...svg.matchAll(/<circle\b[^>]*>/g)].map((m) => m[0]);
    // Circles are drawn only inside the unfilled ring group; none carries its own fill.
    expect(circles.length).toBeGreaterThan(0);
    for (const circle of circles) expect(circle).not.toMatch(/fill=/);
    expect(svg).toMatch(/<g fill="none"[^>]*>\s*<circle/);
    for (const [, r] of svg.matchAll(/<circle\b[^>]*\br="(\d+)"/g)) expect(Number(r)).toBeGreaterThanOrEqual(200);
  });

  it('renders as a 1600×533 JPEG', async () => {
    const meta = await sharp(await bannerJpeg(['#4f46e5', '#0ea5e9'])).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 533]);
  });
});
