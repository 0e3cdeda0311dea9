import sharp from 'sharp';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round-friendly avatar: gradient and initials, rendered locally (no network at run time). */
export function avatarJpeg(initials: string, [from, to]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="420" cy="90" r="120" fill="#ffffff" fill-opacity="0.12"/>
  <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="200" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A 3:1 banner of soft waves in the user's colours, with two large faint rings running off the top-right edge.
 * No small filled disc: one sat where the profile panel puts its round close button and read as a button.
 */
export function bannerSvg([from, to]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="533" viewBox="0 0 1600 533">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1600" height="533" fill="url(#g)"/>
  <path d="M0 380 C 300 300, 500 460, 800 380 S 1300 300, 1600 380 L1600 533 L0 533 Z" fill="#ffffff" fill-opacity="0.18"/>
  <path d="M0 440 C 350 380, 650 520, 1000 440 S 1400 400, 1600 450 L1600 533 L0 533 Z" fill="#ffffff" fill-opacity="0.22"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="3">
    <circle cx="1480" cy="-60" r="300"/>
    <circle cx="1480" cy="-60" r="420"/>
  </g>
</svg>`;
}

export function bannerJpeg(colors: [string, string]): Promise<Buffer> {
  return sharp(Buffer.from(bannerSvg(colors)))
    .jpeg({ quality: 88 })
    .toBuffer();
}
