import { appPaths } from '@agora/contract';
import type { AppContext } from '../../context';
import { canReadCommunity } from '../../policies/community';
import { groupNotFound, resolveGroup } from '../groups/groups.access';
import { feedPath } from './reach.heads';
import { feedItems, SITEMAP_KINDS, type SitemapKind, sitemapBounds, sitemapRows, type SitemapRow } from './reach.queries';
import { absoluteUrl, discussionTitle, escapeMarkup, plainPreview } from './reach.text';

/**
 * robots.txt, the sitemap and the community feeds (issue 18 §4, decision 0139). All public, all read as a visitor
 * (reach.queries.ts), all cheap to serve again: a built document is kept in process memory for `cacheMs`, keyed
 * by its path and page, so a crawler storm costs one database read per page and node per minute.
 */

/** Items in a feed. */
export const FEED_ITEMS = 50;
/** The protocol's cap on URLs per sitemap (and sitemaps per index). */
export const SITEMAP_MAX_URLS = 50_000;

export type ReachOptions = { sitemapPageSize: number; cacheMs: number };

/** At most this many documents are kept (a bound, though the keys are already few: see `sitemapPageXml`). */
const CACHE_ENTRIES = 1_000;

/** A small time-bounded cache of built documents; concurrent misses for one key share one build. */
export class DocumentCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, build: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (this.ttlMs <= 0) return build();
    const value = build();
    this.entries.delete(key);
    if (this.entries.size >= CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed build is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

export type Reach = { options: ReachOptions; cache: DocumentCache };

export function createReach(options: ReachOptions): Reach {
  return {
    options: { ...options, sitemapPageSize: Math.min(options.sitemapPageSize, SITEMAP_MAX_URLS) },
    cache: new DocumentCache(options.cacheMs),
  };
}

/** robots.txt: everything may be crawled but the API and the settings; the sitemap at its absolute address. */
export function robotsTxt(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /settings',
    'Disallow: /admin',
    '',
    `Sitemap: ${ctx.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function webPath(kind: SitemapKind, row: SitemapRow): string {
  if (kind === 'communities') return appPaths.group(encodeURIComponent(row.slug));
  if (kind === 'discussions') return appPaths.discussion(row.groupId, row.id);
  return appPaths.blog(encodeURIComponent(row.slug), row.id);
}

function urlEntries(origin: string, kind: SitemapKind, rows: SitemapRow[]): string[] {
  return rows.map((row) => `<url><loc>${escapeMarkup(`${origin}${webPath(kind, row)}`)}</loc><lastmod>${row.updatedAt}</lastmod></url>`);
}

/** A sitemap page's address: `/sitemap-{kind}.xml`, `?after={id}` past the first page. */
export function sitemapPagePath(kind: SitemapKind, after: number): string {
  return after > 0 ? `/sitemap-${kind}.xml?after=${after}` : `/sitemap-${kind}.xml`;
}

/** Which pages the sitemap has: whether one urlset holds it all, and the `after` of each kind's pages. */
type SitemapPlan = { single: boolean; starts: Record<SitemapKind, number[]> };

function sitemapPlan(ctx: AppContext, reach: Reach): Promise<SitemapPlan> {
  return reach.cache.get('sitemap:plan', async () => {
    const size = reach.options.sitemapPageSize;
    const kinds = await Promise.all(SITEMAP_KINDS.map(async (kind) => ({ kind, ...(await sitemapBounds(ctx.db, kind, size)) })));
    const single = kinds.reduce((sum, k) => sum + k.total, 0) <= size;
    const starts = Object.fromEntries(
      // A page starts after each bound but the last one when it ends the rows exactly; an empty kind has no page.
      kinds.map(({ kind, total, bounds }) => [kind, total === 0 ? [] : [0, ...bounds.filter((_, i) => (i + 1) * size < total)]]),
    ) as Record<SitemapKind, number[]>;
    return { single, starts };
  });
}

/**
 * /sitemap.xml: one `urlset` of every public community, discussion and blog while they fit in one page; beyond,
 * a `sitemapindex` naming each kind's pages (keyset on the id: `after` is the last id of the page before).
 */
export function sitemapXml(ctx: AppContext, reach: Reach): Promise<string> {
  return reach.cache.get('sitemap', async () => {
    const size = reach.options.sitemapPageSize;
    const plan = await sitemapPlan(ctx, reach);
    if (plan.single) {
      const pages = await Promise.all(
        SITEMAP_KINDS.map(async (kind) => urlEntries(ctx.publicUrl, kind, await sitemapRows(ctx.db, kind, 0, size))),
      );
      return [XML_HEAD, `<urlset xmlns="${SITEMAP_NS}">`, ...pages.flat(), '</urlset>', ''].join('\n');
    }
    const pages = SITEMAP_KINDS.flatMap((kind) =>
      plan.starts[kind].map((after) => `<sitemap><loc>${escapeMarkup(`${ctx.publicUrl}${sitemapPagePath(kind, after)}`)}</loc></sitemap>`),
    );
    return [XML_HEAD, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...pages, '</sitemapindex>', ''].join('\n');
  });
}

/**
 * One page of one kind: up to the page size of URLs with an id after `after`; null (a 404) unless `after` starts
 * one of the pages the index names, so a client cannot make a statement and a cache entry per number it sends.
 */
export async function sitemapPageXml(ctx: AppContext, reach: Reach, kind: SitemapKind, after: number): Promise<string | null> {
  if (!(await sitemapPlan(ctx, reach)).starts[kind].includes(after)) return null;
  return reach.cache.get(`sitemap:${kind}:${after}`, async () => {
    const rows = await sitemapRows(ctx.db, kind, after, reach.options.sitemapPageSize);
    return [XML_HEAD, `<urlset xmlns="${SITEMAP_NS}">`, ...urlEntries(ctx.publicUrl, kind, rows), '</urlset>', ''].join('\n');
  });
}

/**
 * /groups/{slug or id}/feed.xml: RSS 2.0 of a public community's newest discussions and blogs. A private community
 * is the same 404 as an unknown one (the community policy's read rule for a visitor, checked on every request, so a
 * community turned private stops at once; only the item list is cached).
 */
export async function communityFeedXml(ctx: AppContext, reach: Reach, idOrSlug: string): Promise<string> {
  const group = await resolveGroup(ctx, idOrSlug);
  if (!canReadCommunity(null, group, null)) throw groupNotFound();
  return reach.cache.get(`feed:${group.id}`, async () => {
    const origin = ctx.publicUrl;
    const items = await feedItems(ctx.db, group.id, FEED_ITEMS);
    const channelLink = `${origin}${appPaths.group(encodeURIComponent(group.slug))}`;
    const entries = items.map((item) => {
      const link = `${origin}${item.kind === 'blog' ? appPaths.blog(encodeURIComponent(group.slug), item.id) : appPaths.discussion(group.id, item.id)}`;
      const title = item.title ?? discussionTitle(item.content);
      return [
        '<item>',
        `<title>${escapeMarkup(title)}</title>`,
        `<link>${escapeMarkup(link)}</link>`,
        `<guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
        `<description>${escapeMarkup(plainPreview(item.content, 500))}</description>`,
        `<category>${item.kind === 'blog' ? 'Blog' : 'Discussion'}</category>`,
        `<pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>`,
        '</item>',
      ].join('');
    });
    return [
      XML_HEAD,
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${escapeMarkup(group.groupName)}</title>`,
      `<link>${escapeMarkup(channelLink)}</link>`,
      `<description>${escapeMarkup(`Discussions and blogs of ${group.groupName} on Agora`)}</description>`,
      `<atom:link href="${escapeMarkup(`${origin}${feedPath(group.slug)}`)}" rel="self" type="application/rss+xml" />`,
      ...(group.groupDp
        ? [
            `<image><url>${escapeMarkup(absoluteUrl(origin, group.groupDp))}</url><title>${escapeMarkup(group.groupName)}</title><link>${escapeMarkup(channelLink)}</link></image>`,
          ]
        : []),
      ...(items[0] ? [`<lastBuildDate>${new Date(items[0].publishedAt).toUTCString()}</lastBuildDate>`] : []),
      ...entries,
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
  });
}
