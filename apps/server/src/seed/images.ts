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

/** A 3:1 banner of soft waves in the user's colours. */
export function bannerJpeg([from, to]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="533" viewBox="0 0 1600 533">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1600" height="533" fill="url(#g)"/>
  <path d="M0 380 C 300 300, 500 460, 800 380 S 1300 300, 1600 380 L1600 533 L0 533 Z" fill="#ffffff" fill-opacity="0.18"/>
  <path d="M0 440 C 350 380, 650 520, 1000 440 S 1400 400, 1600 450 L1600 533 L0 533 Z" fill="#ffffff" fill-opacity="0.22"/>
  <circle cx="1350" cy="120" r="70" fill="#ffffff" fill-opacity="0.25"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
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
