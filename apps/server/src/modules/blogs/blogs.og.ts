import { blogPreviewText } from '@agora/contract';
import type { AppContext } from '../../context';
import { findBlogDetail } from './blogs.queries';

/**
 * Link previews of a blog page. The web app is a single-page app, so a crawler that does not run scripts sees only
 * index.html: for a browser navigation to /group/{x}/blogs/blogpage/{blogId} the server puts the blog's title,
 * description and image into the page's <head> (plugins/web.ts calls `blogPageHead`). Only blogs of public
 * communities are described: a navigation carries no token (it lives in localStorage), so nothing private leaks.
 */

const BLOG_PAGE_PATH = /^\/group\/[^/]+\/blogs\/blogpage\/([1-9][0-9]{0,9})\/?$/;
const INT4_MAX = 2_147_483_647;

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An absolute address for a stored image path (Open Graph wants absolute URLs); other values are used as given. */
function absolute(origin: string, path: string): string {
  return path.startsWith('/') ? `${origin}${path}` : path;
}

/**
 * The <head> tags for a blog page path, or null when the path is not a blog page or the blog is missing or in a
 * private community. `origin` is the configured public origin (`PUBLIC_URL`), for the absolute URLs: never the
 * request's Host header, which a client chooses.
 */
export async function blogPageHead(ctx: AppContext, pathname: string, origin: string): Promise<string | null> {
  const match = BLOG_PAGE_PATH.exec(pathname);
  if (!match || Number(match[1]) > INT4_MAX) return null;
  const row = await findBlogDetail(ctx.db, Number(match[1]), 0);
  if (!row || row.groupIsPrivate) return null;
  const title = `${row.title} · ${row.groupName}`;
  const description = blogPreviewText(row.content);
  const image = row.blogImg ?? row.groupDp;
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Agora'],
    ['property', 'og:title', row.title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${origin}${pathname}`],
    ...(image ? ([['property', 'og:image', absolute(origin, image)]] as [string, string, string][]) : []),
    ['property', 'article:published_time', row.publishedAt],
    ['name', 'twitter:card', row.blogImg ? 'summary_large_image' : 'summary'],
  ];
  return [
    `<title>${escapeHtml(`${title} · Agora`)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}
