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

/** Background patterns for community art: each demo community gets its own, so none look alike. */
export type Pattern = 'stripes' | 'dots' | 'waves' | 'triangles' | 'rings' | 'grid' | 'hexes' | 'peaks' | 'leaves' | 'confetti';

function patternSvg(pattern: Pattern, width: number, height: number): string {
  const white = (opacity: number) => `fill="#ffffff" fill-opacity="${opacity}"`;
  switch (pattern) {
    case 'stripes':
      return Array.from({ length: Math.ceil((width + height) / 60) }, (_, i) => {
        const x = i * 60 - height;
        return `<polygon points="${x},${height} ${x + 30},${height} ${x + 30 + height},0 ${x + height},0" ${white(0.12)}/>`;
      }).join('');
    case 'dots':
      return Array.from({ length: Math.ceil(width / 48) * Math.ceil(height / 48) }, (_, i) => {
        const cols = Math.ceil(width / 48);
        const x = (i % cols) * 48 + 24 + (Math.floor(i / cols) % 2) * 24;
        const y = Math.floor(i / cols) * 48 + 24;
        return `<circle cx="${x}" cy="${y}" r="7" ${white(0.18)}/>`;
      }).join('');
    case 'waves':
      return [0.45, 0.62, 0.8]
        .map((f, i) => {
          const y = height * f;
          return `<path d="M0 ${y} C ${width * 0.25} ${y - 60}, ${width * 0.5} ${y + 60}, ${width * 0.75} ${y} S ${width} ${y - 40}, ${width} ${y} L${width} ${height} L0 ${height} Z" ${white(0.1 + i * 0.05)}/>`;
        })
        .join('');
    case 'triangles':
      return Array.from({ length: 40 }, (_, i) => {
        const x = (((i * 137) % 100) / 100) * width;
        const y = (((i * 89) % 100) / 100) * height;
        const s = 30 + ((i * 53) % 50);
        return `<polygon points="${x},${y} ${x + s},${y + s * 0.8} ${x - s * 0.6},${y + s}" ${white(0.08 + (i % 4) * 0.03)}/>`;
      }).join('');
    case 'rings':
      return Array.from(
        { length: 9 },
        (_, i) =>
          `<circle cx="${width * 0.8}" cy="${height * 0.3}" r="${60 + i * 70}" fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="14"/>`,
      ).join('');
    case 'grid':
      return [
        ...Array.from(
          { length: Math.ceil(width / 64) },
          (_, i) => `<rect x="${i * 64}" y="0" width="3" height="${height}" ${white(0.15)}/>`,
        ),
        ...Array.from(
          { length: Math.ceil(height / 64) },
          (_, i) => `<rect x="0" y="${i * 64}" width="${width}" height="3" ${white(0.15)}/>`,
        ),
      ].join('');
    case 'hexes':
      return Array.from({ length: Math.ceil(width / 90) * Math.ceil(height / 78) + 20 }, (_, i) => {
        const cols = Math.ceil(width / 90) + 1;
        const cx = (i % cols) * 90 + (Math.floor(i / cols) % 2) * 45;
        const cy = Math.floor(i / cols) * 78;
        const pts = Array.from({ length: 6 }, (_, k) => {
          const a = (Math.PI / 3) * k + Math.PI / 6;
          return `${(cx + 40 * Math.cos(a)).toFixed(1)},${(cy + 40 * Math.sin(a)).toFixed(1)}`;
        }).join(' ');
        return `<polygon points="${pts}" fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="4"/>`;
      }).join('');
    case 'peaks':
      return [0.35, 0.55]
        .map(
          (f, i) =>
            `<polygon points="0,${height} ${width * 0.15},${height * f} ${width * 0.32},${height * (f + 0.2)} ${width * 0.5},${height * (f - 0.1)} ${width * 0.7},${height * (f + 0.15)} ${width * 0.85},${height * f} ${width},${height * (f + 0.1)} ${width},${height}" ${white(0.14 + i * 0.08)}/>`,
        )
        .join('');
    case 'leaves':
      return Array.from({ length: 26 }, (_, i) => {
        const x = (((i * 211) % 100) / 100) * width;
        const y = (((i * 67) % 100) / 100) * height;
        return `<ellipse cx="${x}" cy="${y}" rx="46" ry="16" transform="rotate(${(i * 47) % 180} ${x} ${y})" ${white(0.14)}/>`;
      }).join('');
    case 'confetti':
      return Array.from({ length: 70 }, (_, i) => {
        const x = (((i * 173) % 1000) / 1000) * width;
        const y = (((i * 391) % 1000) / 1000) * height;
        return `<rect x="${x}" y="${y}" width="10" height="22" transform="rotate(${(i * 61) % 180} ${x} ${y})" ${white(0.12 + (i % 3) * 0.06)}/>`;
      }).join('');
  }
}

function gradient(id: string, [from, to]: [string, string], vertical = false): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** A community banner (1600×533): its colours and pattern, no text (the page prints the name). */
export function communityBannerJpeg(pattern: Pattern, colors: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="533" viewBox="0 0 1600 533">
  <defs>${gradient('g', colors)}</defs>
  <rect width="1600" height="533" fill="url(#g)"/>${patternSvg(pattern, 1600, 533)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

/** A community picture (512×512): the same colours and pattern with a monogram of up to two letters. */
export function communityPictureJpeg(pattern: Pattern, colors: [string, string], monogram: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>${gradient('g', [colors[1], colors[0]], true)}</defs>
  <rect width="512" height="512" fill="url(#g)"/>${patternSvg(pattern, 512, 512)}
  <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="210" font-weight="700" fill="#ffffff" fill-opacity="0.95">${escapeXml(monogram)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** Subjects of the demo posts' pictures (demo-discussions.ts). */
export type Scene = 'mountains' | 'forest' | 'bread' | 'birds' | 'harbour' | 'plants' | 'keyboard' | 'workshop';

function sceneSvg(scene: Scene, [, light]: [string, string], variant: number, w: number, h: number): string {
  const v = (n: number) => ((variant * 7919 + n * 104729) % 1000) / 1000;
  const white = (o: number) => `fill="#ffffff" fill-opacity="${o}"`;
  const dark = (o: number) => `fill="#000000" fill-opacity="${o}"`;
  switch (scene) {
    case 'mountains':
      return `<circle cx="${w * (0.2 + v(1) * 0.6)}" cy="${h * 0.28}" r="70" ${white(0.7)}/>
        <polygon points="0,${h} ${w * 0.25},${h * 0.42} ${w * 0.45},${h * 0.7} ${w * 0.68},${h * 0.35} ${w},${h * 0.8} ${w},${h}" ${dark(0.35)}/>
        <polygon points="0,${h} ${w * 0.18},${h * 0.66} ${w * 0.4},${h * 0.8} ${w * 0.7},${h * 0.6} ${w},${h * 0.9} ${w},${h}" ${dark(0.5)}/>`;
    case 'forest':
      return (
        Array.from({ length: 14 }, (_, i) => {
          const x = (i / 13) * w + (v(i) - 0.5) * 60;
          const top = h * (0.3 + v(i + 20) * 0.3);
          return `<polygon points="${x},${top} ${x - 60},${h * 0.92} ${x + 60},${h * 0.92}" ${dark(0.25 + (i % 3) * 0.1)}/>`;
        }).join('') + `<rect y="${h * 0.9}" width="${w}" height="${h * 0.1}" ${dark(0.45)}/>`
      );
    case 'bread':
      return `<rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" ${dark(0.3)}/>
        <ellipse cx="${w / 2}" cy="${h * 0.6}" rx="${w * 0.3}" ry="${h * 0.22}" fill="#b45309"/>
        <ellipse cx="${w / 2}" cy="${h * 0.55}" rx="${w * 0.27}" ry="${h * 0.17}" fill="#d97706"/>
        ${[0, 1, 2].map((i) => `<path d="M${w * (0.36 + i * 0.1)} ${h * 0.45} q 40 30 70 0" stroke="#fde68a" stroke-width="10" fill="none"/>`).join('')}`;
    case 'birds':
      return `<rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" ${dark(0.25)}/>
        <path d="M${w * 0.1} ${h * 0.78} Q ${w * 0.5} ${h * 0.6} ${w * 0.9} ${h * 0.7}" stroke="#3f2a14" stroke-width="18" fill="none"/>
        ${Array.from({ length: 3 + (variant % 3) }, (_, i) => {
          const x = w * (0.2 + v(i) * 0.6);
          const y = h * (0.25 + v(i + 9) * 0.3);
          return `<path d="M${x - 40} ${y} q 20 -25 40 0 q 20 -25 40 0" stroke="#1f2937" stroke-width="7" fill="none"/>`;
        }).join('')}
        <ellipse cx="${w * 0.5}" cy="${h * 0.6}" rx="46" ry="34" fill="#1d4ed8"/><circle cx="${w * 0.5 + 38}" cy="${h * 0.55}" r="20" fill="#1e40af"/>`;
    case 'harbour':
      return `<rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" ${dark(0.35)}/>
        ${Array.from({ length: 5 }, (_, i) => `<rect x="${w * (0.05 + i * 0.19)}" y="${h * (0.3 + v(i) * 0.15)}" width="${w * 0.12}" height="${h * 0.32}" ${dark(0.3 + v(i + 3) * 0.2)}/>`).join('')}
        <polygon points="${w * 0.3},${h * 0.72} ${w * 0.6},${h * 0.72} ${w * 0.55},${h * 0.8} ${w * 0.35},${h * 0.8}" fill="#7f1d1d"/>
        ${Array.from({ length: 30 }, (_, i) => `<rect x="${v(i) * w}" y="${v(i + 40) * h * 0.6}" width="2" height="26" ${white(0.35)}/>`).join('')}`;
    case 'plants':
      return `<rect x="${w * 0.38}" y="${h * 0.66}" width="${w * 0.24}" height="${h * 0.3}" rx="18" fill="#9a3412"/>
        ${Array.from({ length: 7 }, (_, i) => {
          const a = -70 + i * 23 + (v(i) - 0.5) * 10;
          return `<ellipse cx="${w / 2}" cy="${h * 0.38}" rx="${w * 0.06}" ry="${h * 0.24}" transform="rotate(${a} ${w / 2} ${h * 0.62})" fill="#15803d" fill-opacity="0.9"/>`;
        }).join('')}`;
    case 'keyboard':
      return `<rect x="${w * 0.1}" y="${h * 0.3}" width="${w * 0.8}" height="${h * 0.42}" rx="26" ${dark(0.45)}/>
        ${Array.from({ length: 40 }, (_, i) => {
          const col = i % 10;
          const row = Math.floor(i / 10);
          return `<rect x="${w * 0.13 + col * w * 0.075}" y="${h * 0.34 + row * h * 0.095}" width="${w * 0.065}" height="${h * 0.08}" rx="8" ${i === variant % 40 ? `fill="${light}"` : white(0.85)}/>`;
        }).join('')}`;
    case 'workshop':
      return `<rect y="${h * 0.68}" width="${w}" height="${h * 0.32}" fill="#78350f"/>
        <rect x="${w * 0.2}" y="${h * 0.3}" width="${w * 0.08}" height="${h * 0.38}" ${dark(0.5)}/>
        <polygon points="${w * 0.14},${h * 0.3} ${w * 0.34},${h * 0.3} ${w * 0.28},${h * 0.15} ${w * 0.2},${h * 0.15}" fill="${light}"/>
        <rect x="${w * 0.5}" y="${h * 0.5}" width="${w * 0.3}" height="${h * 0.06}" rx="10" fill="#9ca3af"/>
        <circle cx="${w * 0.62}" cy="${h * 0.6}" r="${h * 0.08}" fill="none" stroke="#374151" stroke-width="14"/>`;
  }
}

/**
 * A demo post picture (1200×800 JPEG): a simple flat illustration of the scene in the given colours; `variant`
 * moves its details so pictures of one scene differ. Rendered locally, like every demo image.
 */
export function postSceneJpeg(scene: Scene, colors: [string, string], variant: number): Promise<Buffer> {
  const [w, h] = [1200, 800];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${gradient('sky', [colors[1], colors[0]], true)}</defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>${sceneSvg(scene, colors, variant, w, h)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 84 }).toBuffer();
}
