// Writes the web app's PNG icons (apps/web/public/icons) from the logo in public/favicon.svg, with sharp.
// Run after changing the logo: `node apps/web/build/make-icons.mjs`; the PNGs are committed (the build never runs it).
//
// - icon-192.png, icon-512.png: the logo as is (rounded square, transparent corners), "purpose": "any".
// - icon-maskable-512.png: full-bleed background, the glyph shrunk into the safe zone (the middle circle of 80%),
//   so a launcher's circle or squircle mask never cuts it.
// - apple-touch-icon.png (180): full-bleed, opaque (iOS rounds the corners itself and shows black for transparency).
// - badge-96.png: the glyph alone, white on transparent (Android shows a notification badge as a mask).
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(web, 'public', 'icons');
const logo = await readFile(path.join(web, 'public', 'favicon.svg'), 'utf8');
const glyph = logo.match(/<g[\s\S]*<\/g>/)?.[0];
const fill = logo.match(/<rect[^>]*fill="([^"]+)"/)?.[1];
if (!glyph || !fill) throw new Error('favicon.svg: expected a <rect fill> and a <g> glyph');

/** The glyph on a full square of `background` (or none), scaled by `scale` about the centre of the 32 × 32 box. */
const square = (background, scale, glyphSvg = glyph) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background ? `<rect width="32" height="32" fill="${background}"/>` : ''}` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyphSvg}</g></svg>`;

const render = (svg, size, file, opaque = false) => {
  const image = sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) }).resize(size, size);
  return (opaque ? image.removeAlpha() : image).png({ compressionLevel: 9 }).toFile(path.join(out, file));
};

await mkdir(out, { recursive: true });
await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(square(fill, 0.7), 512, 'icon-maskable-512.png', true);
await render(square(fill, 0.85), 180, 'apple-touch-icon.png', true);
await render(square(null, 1.3), 96, 'badge-96.png');
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
