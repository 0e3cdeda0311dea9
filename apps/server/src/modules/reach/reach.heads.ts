import { appPaths } from '@agora/contract';
import type { AppContext } from '../../context';
import { canReadCommunity } from '../../policies/community';
import { blogPageHead } from '../blogs/blogs.og';
import { parseGroupRef, resolveGroup } from '../groups/groups.access';
import { findCommunityAbout, findPublicDiscussion, isPublicBlog } from './reach.queries';
import { absoluteUrl, discussionTitle, escapeMarkup, plainPreview } from './reach.text';

/**
 * Link previews (issue 18 §4, decision 0138) of a public community's page and a public discussion, beside the blog
 * page's (modules/blogs/blogs.og.ts): a crawler runs no scripts, so plugins/web.ts puts these tags in index.html's
 * <head> for a browser navigation. Read as a visitor: a private community, a removed post or one whose author's
 * account is deleted gets index.html untouched (the head of an unknown page). Absolute URLs come from PUBLIC_URL.
 */

const INT4_MAX = 2_147_483_647;
/** The community page (APP_ROUTES.group): `/group/{slug or id}`. Its tabs keep the site's head (decision 0138). */
const COMMUNITY_PATH = /^\/group\/([^/]+)\/?$/;
/** Where a shared post link leads (APP_ROUTES.discussion): the Discussion tab with the post's panel open. */
const DISCUSSION_PATH = /^\/groups\/([1-9][0-9]{0,9})\/discussions\/([1-9][0-9]{0,9})\/?$/;

type Tag = [attr: 'name' | 'property', key: string, value: string];

function render(title: string, tags: Tag[], extra: string[] = []): string {
  return [
    `<title>${escapeMarkup(`${title} · Agora`)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeMarkup(value)}" />`),
    ...extra,
  ].join('\n    ');
}

/** The address of a community's feed (modules/reach/reach.routes.ts). */
export function feedPath(slug: string): string {
  return `/groups/${encodeURIComponent(slug)}/feed.xml`;
}

/** The head of a public community's page, or null. */
export async function communityPageHead(ctx: AppContext, pathname: string, origin: string): Promise<string | null> {
  const match = COMMUNITY_PATH.exec(pathname);
  const ref = match ? parseGroupRef(decodeURIComponent(match[1]!)) : null;
  if (!ref) return null;
  const group = await resolveGroup(ctx, 'id' in ref ? String(ref.id) : ref.slug).catch(() => null);
  if (!group || !canReadCommunity(null, group, null)) return null;
  const about = plainPreview(await findCommunityAbout(ctx.db, group.id));
  const members = `${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'}`;
  const description = about || `${group.groupName}: a community on Agora with ${members}.`;
  const image = group.groupDp ? absoluteUrl(origin, group.groupDp) : null;
  const tags: Tag[] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Agora'],
    ['property', 'og:title', group.groupName],
    ['property', 'og:description', description],
    ['property', 'og:url', `${origin}${appPaths.group(group.slug)}`],
    ...(image ? ([['property', 'og:image', image]] as Tag[]) : []),
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', group.groupName],
    ['name', 'twitter:description', description],
    ...(image ? ([['name', 'twitter:image', image]] as Tag[]) : []),
  ];
  const feed = `<link rel="alternate" type="application/rss+xml" title="${escapeMarkup(group.groupName)}" href="${escapeMarkup(`${origin}${feedPath(group.slug)}`)}" />`;
  return render(group.groupName, tags, [feed]);
}

/** A blog page (APP_ROUTES.blog): its head is modules/blogs/blogs.og.ts's, once the blog passes the rules here. */
const BLOG_PATH = /^\/group\/[^/]+\/blogs\/blogpage\/([1-9][0-9]{0,9})\/?$/;

/** The post a shared link opens: `?post={groupId}-{discussionId}` on any page (the web's post panel). */
const POST_PARAM = /^([1-9][0-9]{0,9})-([1-9][0-9]{0,9})$/;

/** The head of a public, visible discussion at its address (`/groups/{id}/discussions/{id}`), or null. */
export async function discussionPageHead(ctx: AppContext, pathname: string, origin: string): Promise<string | null> {
  const match = DISCUSSION_PATH.exec(pathname);
  return match ? discussionHead(ctx, Number(match[1]), Number(match[2]), origin) : null;
}

async function discussionHead(ctx: AppContext, groupId: number, discussionId: number, origin: string): Promise<string | null> {
  if (groupId > INT4_MAX || discussionId > INT4_MAX) return null;
  const row = await findPublicDiscussion(ctx.db, groupId, discussionId);
  if (!row) return null;
  const title = discussionTitle(row.content);
  const description = plainPreview(row.content);
  const picture = row.image ?? row.groupDp;
  const image = picture ? absoluteUrl(origin, picture) : null;
  const tags: Tag[] = [
    ['name', 'description', description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Agora'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${origin}${appPaths.discussion(row.groupId, row.id)}`],
    ...(image ? ([['property', 'og:image', image]] as Tag[]) : []),
    ['property', 'article:published_time', row.publishedAt],
    ['name', 'twitter:card', row.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ...(image ? ([['name', 'twitter:image', image]] as Tag[]) : []),
  ];
  return render(`${title} · ${row.groupName}`, tags);
}

/**
 * The page head for any path with a preview, or null for index.html's own: the post a `?post=` link opens (the
 * web's "Copy link" gives `/group/{id}/discussions?post={id}-{id}`), else a discussion, blog or community page.
 */
export async function pageHead(ctx: AppContext, pathname: string, origin: string, search = ''): Promise<string | null> {
  const post = POST_PARAM.exec(new URLSearchParams(search).get('post') ?? '');
  const shared = post ? await discussionHead(ctx, Number(post[1]), Number(post[2]), origin) : null;
  if (shared) return shared;
  if (pathname.startsWith('/groups/')) return discussionPageHead(ctx, pathname, origin);
  if (!pathname.startsWith('/group/')) return null;
  const blog = BLOG_PATH.exec(pathname);
  if (blog) {
    // The same rules as every other preview: a deleted account's blog is not advertised (blogs.og.ts alone would).
    if (Number(blog[1]) > INT4_MAX || !(await isPublicBlog(ctx.db, Number(blog[1])))) return null;
    return blogPageHead(ctx, pathname, origin);
  }
  return communityPageHead(ctx, pathname, origin);
}
