import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../db/client';
import { blogLikes, blogs, blogShares, groups } from '../db/schema';
import { DEMO_BLOGS, type Motif } from './demo-blogs';
import { recordSeedUploads, saveUpload, type SeedUploads } from './uploads';

const WIDTH = 1600;
const HEIGHT = 800;

/** The shapes of each motif, drawn in white at low opacity over the community's gradient. */
function motifSvg(motif: Motif): string {
  const white = (o: number) => `fill="#ffffff" fill-opacity="${o}"`;
  switch (motif) {
    case 'peaks':
      return [0.42, 0.58, 0.74]
        .map(
          (f, i) =>
            `<polygon points="0,${HEIGHT} ${WIDTH * 0.12},${HEIGHT * f} ${WIDTH * 0.3},${HEIGHT * (f + 0.14)} ${WIDTH * 0.52},${HEIGHT * (f - 0.12)} ${WIDTH * 0.72},${HEIGHT * (f + 0.1)} ${WIDTH * 0.9},${HEIGHT * (f - 0.05)} ${WIDTH},${HEIGHT * (f + 0.06)} ${WIDTH},${HEIGHT}" ${white(0.12 + i * 0.08)}/>`,
        )
        .join('');
    case 'loaf':
      return `<ellipse cx="800" cy="520" rx="520" ry="230" ${white(0.22)}/>
        ${[0, 1, 2, 3].map((i) => `<path d="M ${520 + i * 170} 380 q 60 80 0 220" stroke="#ffffff" stroke-opacity="0.35" stroke-width="22" fill="none" stroke-linecap="round"/>`).join('')}
        ${Array.from({ length: 30 }, (_, i) => `<circle cx="${(i * 233) % WIDTH}" cy="${(i * 97) % 300}" r="${4 + (i % 4) * 3}" ${white(0.18)}/>`).join('')}`;
    case 'pixels':
      return Array.from({ length: 160 }, (_, i) => {
        const x = (i * 137) % 40;
        const y = (i * 61) % 20;
        return `<rect x="${x * 40}" y="${y * 40}" width="36" height="36" rx="4" ${white(0.05 + (i % 5) * 0.04)}/>`;
      }).join('');
    case 'keys':
      return Array.from({ length: 48 }, (_, i) => {
        const col = i % 12;
        const row = Math.floor(i / 12);
        return `<rect x="${170 + col * 106}" y="${200 + row * 106}" width="92" height="92" rx="14" ${white(0.1 + ((col + row) % 3) * 0.07)}/>`;
      }).join('');
    case 'pages':
      return Array.from(
        { length: 9 },
        (_, i) =>
          `<rect x="${180 + i * 140}" y="${160 + (i % 3) * 30}" width="300" height="420" rx="12" transform="rotate(${-12 + i * 3} ${330 + i * 140} 370)" ${white(0.08 + (i % 3) * 0.05)}/>`,
      ).join('');
    case 'feathers':
      return Array.from({ length: 14 }, (_, i) => {
        const x = (i * 211) % WIDTH;
        const y = (i * 131) % HEIGHT;
        return `<ellipse cx="${x}" cy="${y}" rx="120" ry="28" transform="rotate(${(i * 37) % 180} ${x} ${y})" ${white(0.14)}/>`;
      }).join('');
  }
}

/** A 2:1 header image in the community's colours with its motif; JPEG, drawn locally (no network). */
export function blogHeaderJpeg(motif: Motif, [from, to]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${motifSvg(motif)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

/**
 * The demo blogs, in the caller's transaction after the demo people and communities: header images recorded as
 * their authors' attached uploads, likes and shares as rows with their counters equal to them.
 */
export async function seedDemoBlogs(tx: Tx, uploads: SeedUploads, userIds: Map<string, number>): Promise<void> {
  const id = (username: string) => {
    const value = userIds.get(username);
    if (value === undefined) throw new Error(`Demo blog refers to unknown demo user ${username}`);
    return value;
  };
  const groupRows = await tx.select({ id: groups.id, name: groups.groupName }).from(groups);
  const groupId = (name: string) => {
    const row = groupRows.find((g) => g.name === name);
    if (!row) throw new Error(`Demo blog refers to unknown demo community ${name}`);
    return row.id;
  };
  const headers = await Promise.all(
    DEMO_BLOGS.map(async (b) => (b.header ? saveUpload(uploads, 'blog', await blogHeaderJpeg(b.header.motif, b.header.colors)) : null)),
  );
  for (const [i, b] of DEMO_BLOGS.entries()) {
    const authorId = id(b.author);
    const at = sql`now() - make_interval(days => ${b.daysAgo}, hours => ${i})`;
    const [row] = await tx
      .insert(blogs)
      .values({
        groupId: groupId(b.group),
        authorId,
        title: b.title,
        content: b.content,
        blogImg: headers[i],
        likeCount: b.likedBy.length,
        shareCount: b.shares,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: blogs.id });
    if (headers[i]) await recordSeedUploads(tx, [{ path: headers[i]!, kind: 'blog', userId: authorId }]);
    if (b.likedBy.length > 0) await tx.insert(blogLikes).values(b.likedBy.map((u) => ({ blogId: row!.id, userId: id(u) })));
    const sharers = b.likedBy.length > 0 ? b.likedBy : [b.author];
    if (b.shares > 0)
      await tx
        .insert(blogShares)
        .values(Array.from({ length: b.shares }, (_, k) => ({ blogId: row!.id, userId: id(sharers[k % sharers.length]!) })));
  }
}
