import {
  appPaths,
  type CommentHit,
  type CommunityHit,
  type BlogHit,
  type DiscussionHit,
  type PersonHit,
  SEARCH_LIMITS,
  SEARCH_MARK,
  SEARCH_MESSAGES,
  type searchQuerySchema,
  type SearchResponse,
  type SearchType,
  toRole,
} from '@agora/contract';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { canReadCommunity } from '../../policies/community';
import { blogCards } from '../blogs/blogs.service';
import { findCommentCards, findDiscussionCards } from '../discussions/discussions.access';
import { isOwnerOrAdminOf, toComment, toDiscussion } from '../discussions/discussions.mapper';
import { resolveGroupForViewer } from '../groups/groups.access';
import { clientKey } from '../../lib/client-ip';
import { toGroup } from '../groups/groups.mapper';
import { hasTextTerms, parseSearchQuery, type ParsedQuery } from './search.parse';
import {
  ALL_DEPTH,
  FULL_DEPTH,
  type Hit,
  type Match,
  type NameCursor,
  type RankCursor,
  searchBlogs,
  searchComments,
  searchCommunities,
  searchDiscussions,
  searchPeople,
  toTsquery,
} from './search.queries';

/**
 * GET /api/search (issue 16 §1–§2): everything the caller may read right now that matches, nothing else. Every
 * statement applies the read rules itself (the community read rule, removals, blocks both ways, deleted accounts),
 * per request and without a cache, so someone who leaves or is removed from a community stops finding it at once.
 */

type Kind = Exclude<SearchType, 'all'>;
const RANKED = { discussions: 'd', comments: 'c', blogs: 'b' } as const;
const NAMED = { communities: 'g', people: 'p' } as const;

function cursorInvalid(): AppError {
  return AppError.badRequest(SEARCH_MESSAGES.cursorInvalid, { cursor: SEARCH_MESSAGES.cursorInvalid });
}

/** A value an int4 parameter takes (a forged cursor's 10^12 would otherwise be a database error). */
const isInt4 = (n: number) => Number.isInteger(n) && n >= -2_147_483_648 && n <= 2_147_483_647;

/** A ranked kind's cursor: its kind's tag, the id snapshot, the score (numeric text), likes, id. */
function rankCursorOf(kind: keyof typeof RANKED, cursor: string | undefined): RankCursor | null {
  let decoded: readonly [string, number, string, number, number] | null;
  try {
    decoded = decodeCursor(cursor, ['string', 'int', 'string', 'int', 'int'] as const);
  } catch {
    throw cursorInvalid();
  }
  if (decoded === null) return null;
  const [tag, maxId, score, likes, id] = decoded;
  if (tag !== RANKED[kind] || !/^\d{1,6}(\.\d{1,6})?$/.test(score) || ![maxId, likes, id].every(isInt4)) throw cursorInvalid();
  return { maxId, score, likes, id };
}

function nameCursorOf(kind: keyof typeof NAMED, cursor: string | undefined): NameCursor | null {
  let decoded: readonly [string, number, number, number] | null;
  try {
    decoded = decodeCursor(cursor, ['string', 'int', 'int', 'int'] as const);
  } catch {
    throw cursorInvalid();
  }
  if (decoded === null) return null;
  const [tag, cls, n, id] = decoded;
  if (tag !== NAMED[kind] || ![cls, n, id].every(isInt4)) throw cursorInvalid();
  return { cls, n, id };
}

/** `group=`: the community, if the caller may read it; otherwise the same 404 as one that does not exist. */
async function groupScope(ctx: AppContext, actor: Actor, group: string | undefined): Promise<number | null> {
  if (group === undefined) return null;
  const notFound = () => AppError.notFound(SEARCH_MESSAGES.groupNotFound, 'group_not_found');
  const found = await resolveGroupForViewer(ctx, actor, group).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404 ? notFound() : error;
  });
  if (!canReadCommunity(actor, found.group, found.role)) throw notFound();
  return found.group.id;
}

/** The query string as the route's schema parsed it. */
export type SearchInput = z.output<typeof searchQuerySchema>;

export async function searchEverything(
  ctx: AppContext,
  actor: Actor,
  input: SearchInput,
  client: { ip?: string },
): Promise<SearchResponse> {
  const parsed = parseSearchQuery(input.q);
  // After the query is known to be one (a refused query costs nothing), before any statement runs.
  await ctx.limiters.searchesPerCaller.consume(actor ? `user:${actor.id}` : `ip:${clientKey(client.ip)}`);
  const type = input.type ?? 'all';
  const viewer = actor?.id ?? 0;
  const groupId = await groupScope(ctx, actor, input.group);
  const tsquery = hasTextTerms(parsed) ? await toTsquery(ctx.db, ctx.searchLanguage, parsed.text, parsed.prefix) : null;
  const match: Match = { tsquery, cjk: parsed.cjk, author: parsed.author };
  const response: SearchResponse = { discussions: [], comments: [], blogs: [], communities: [], people: [], nextCursor: null };
  const one = type !== 'all';
  const limit = one ? (input.limit ?? SEARCH_LIMITS.pageDefault) : SEARCH_LIMITS.perKindInAll;
  const kinds: Kind[] = one ? [type] : ['discussions', 'comments', 'blogs', 'communities', 'people'];
  const base = { viewer, groupId, limit };
  const postsAsked = match.tsquery !== null || match.cjk.length > 0 || match.author !== null;
  const names = nameTerms(parsed);
  // One kind after another: a search is one connection's work, not five of the pool's.
  for (const kind of kinds) {
    if (kind === 'communities' || kind === 'people') {
      const terms = kind === 'people' && names.length === 0 && parsed.author ? [parsed.author] : names;
      if (terms.length === 0 || (kind === 'communities' && parsed.author !== null && names.length === 0)) continue;
      const cursor = one ? nameCursorOf(kind, input.cursor) : null;
      if (kind === 'communities') {
        const rows = await searchCommunities(ctx.db, { ...base, cursor }, terms);
        const page = rows.slice(0, limit);
        response.communities = page.map((g): CommunityHit => ({
          ...toGroup(g, g.isMember, viewer),
          highlight: markWords(g.groupName, terms),
        }));
        if (one && rows.length > limit)
          response.nextCursor = encodeCursor(['g', page.at(-1)!.cls, page.at(-1)!.memberCount, page.at(-1)!.id]);
      } else {
        const rows = await searchPeople(ctx.db, { ...base, cursor }, terms);
        const page = rows.slice(0, limit);
        response.people = page.map((p): PersonHit => ({
          id: p.id,
          username: p.username,
          firstName: p.firstName,
          lastName: p.lastName,
          profileImage: p.profileImage,
          mutual_friends: p.mutual,
          highlight: markWords(`${p.username} · ${p.firstName} ${p.lastName}`.trim(), terms),
        }));
        if (one && rows.length > limit) response.nextCursor = encodeCursor(['p', page.at(-1)!.cls, page.at(-1)!.mutual, page.at(-1)!.id]);
      }
      continue;
    }
    if (!postsAsked) continue;
    const cursor = one ? rankCursorOf(kind, input.cursor) : null;
    const scope = { ...base, language: ctx.searchLanguage, cursor, depth: one ? FULL_DEPTH : ALL_DEPTH };
    const search = kind === 'discussions' ? searchDiscussions : kind === 'comments' ? searchComments : searchBlogs;
    const { maxId, hits } = await search(ctx.db, scope, match);
    const page = hits.slice(0, limit);
    const ids = page.map((h) => h.id);
    if (kind === 'discussions') response.discussions = await discussionHits(ctx, viewer, page, ids, parsed);
    else if (kind === 'comments') response.comments = await commentHits(ctx, viewer, page, ids, parsed);
    else response.blogs = await blogHits(ctx, viewer, page, ids, parsed);
    const last = page.at(-1);
    if (one && hits.length > limit && last) response.nextCursor = encodeCursor([RANKED[kind], maxId, last.score, last.likes, last.id]);
  }
  return response;
}

/** The words community and people names are matched with: the query's words, or its CJK runs. */
function nameTerms(q: ParsedQuery): string[] {
  const terms = q.words.length > 0 ? q.words : q.cjk.map((c) => c.toLowerCase());
  return terms.slice(0, 8);
}

/** Hits in the page's order, each with its card: a row that vanished between the two statements is left out. */
function inOrder<R extends { id: number }, H>(page: Hit[], rows: R[], make: (row: R, hit: Hit) => H): H[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.flatMap((hit) => {
    const row = byId.get(hit.id);
    return row ? [make(row, hit)] : [];
  });
}

async function discussionHits(ctx: AppContext, viewer: number, page: Hit[], ids: number[], q: ParsedQuery): Promise<DiscussionHit[]> {
  const rows = await findDiscussionCards(ctx.db, ids, viewer);
  return inOrder(page, rows, (row, hit) => ({
    ...toDiscussion(row, viewer),
    highlight: passage(hit.highlight, q),
    link: appPaths.discussion(row.groupId, row.id),
  }));
}

async function commentHits(ctx: AppContext, viewer: number, page: Hit[], ids: number[], q: ParsedQuery): Promise<CommentHit[]> {
  const rows = await findCommentCards(ctx.db, ids, viewer);
  return inOrder(page, rows, (row, hit) => {
    const viewerRole = row.viewerRole === null ? null : toRole(row.viewerRole);
    const manager = isOwnerOrAdminOf(viewer, row.ownerId, viewerRole);
    const comment = toComment(row, viewer, manager, { ownerId: row.ownerId, viewerRole });
    return {
      ...comment,
      group_id: row.groupId,
      slug: row.slug,
      group_name: row.groupName,
      highlight: passage(hit.highlight, q),
      // A reply names its top-level comment (`?comment=<parentId>-<replyId>`): the panel opens that thread at once.
      link: appPaths.comment(row.groupId, row.discussionId, row.id, comment.parentCommentId),
    };
  });
}

async function blogHits(ctx: AppContext, viewer: number, page: Hit[], ids: number[], q: ParsedQuery): Promise<BlogHit[]> {
  const rows = await blogCards(ctx, ids, viewer);
  return inOrder(page, rows, (row, hit) => ({ ...row, highlight: passage(hit.highlight, q), link: appPaths.blog(row.slug, row.id) }));
}

// ---------------------------------------------------------------------------------------------------------------
// Passages: plain text with SEARCH_MARK around matched words, at most SEARCH_LIMITS.highlightMax characters

const MARKS = new RegExp(`[${SEARCH_MARK.start}${SEARCH_MARK.end}]`, 'g');

/**
 * The passage of a post: ts_headline's when it marked something; otherwise (a CJK or author-only query) a window of
 * the text around the first CJK run, with the runs marked.
 */
function passage(headline: string, q: ParsedQuery): string {
  if (headline.includes(SEARCH_MARK.start)) return clip(headline);
  const text = headline.replace(MARKS, '');
  const first = q.cjk.map((run) => text.indexOf(run)).filter((i) => i >= 0);
  const start = first.length > 0 ? Math.max(0, Math.min(...first) - 40) : 0;
  return clip(markWords((start > 0 ? '…' : '') + text.slice(start), q.cjk));
}

/** Marks every case-insensitive occurrence of the terms in `text` (names, CJK passages). */
export function markWords(text: string, terms: string[]): string {
  const clean = text.replace(MARKS, '');
  const wanted = terms.filter(Boolean).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (wanted.length === 0) return clip(clean);
  const pattern = new RegExp(`(${wanted.sort((a, b) => b.length - a.length).join('|')})`, 'giu');
  return clip(clean.replace(pattern, `${SEARCH_MARK.start}$1${SEARCH_MARK.end}`));
}

/** Cuts a passage to the limit without leaving a marker open. */
export function clip(text: string, max: number = SEARCH_LIMITS.highlightMax): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  let open = false;
  let out = '';
  for (const ch of chars.slice(0, max - 1)) {
    if (ch === SEARCH_MARK.start) open = true;
    if (ch === SEARCH_MARK.end) open = false;
    out += ch;
  }
  return `${out}${open ? SEARCH_MARK.end : ''}…`;
}
