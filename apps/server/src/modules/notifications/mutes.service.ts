import { and, eq, sql } from 'drizzle-orm';
import { GROUP_MESSAGES, type MuteState, type MutesResponse } from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import { discussionMutes, discussions, groupMutes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { canReadCommunity } from '../../policies';
import { resolveGroupForViewer } from '../groups/groups.access';

/** The community, if the viewer may read it (a private one they are not in is 403, as reading it is). */
async function readableGroup(ctx: AppContext, actor: SignedIn, idOrSlug: string) {
  const { group, role } = await resolveGroupForViewer(ctx, actor, idOrSlug);
  if (!canReadCommunity(actor, group, role)) throw AppError.forbidden(GROUP_MESSAGES.privateContent);
  return group;
}

/** PUT /api/groups/{id}/mute {muted}: nothing from the community notifies the caller while muted (issue 14 §6). */
export async function muteGroup(ctx: AppContext, actor: SignedIn, input: { idOrSlug: string; muted: boolean }): Promise<MuteState> {
  const group = await readableGroup(ctx, actor, input.idOrSlug);
  if (input.muted) await ctx.db.insert(groupMutes).values({ userId: actor.id, groupId: group.id }).onConflictDoNothing();
  else await ctx.db.delete(groupMutes).where(and(eq(groupMutes.userId, actor.id), eq(groupMutes.groupId, group.id)));
  return { muted: input.muted };
}

/** PUT /groups/{g}/discussions/{d}/mute {muted}: no comment, like or reply on the post notifies the caller. */
export async function muteDiscussion(
  ctx: AppContext,
  actor: SignedIn,
  input: { idOrSlug: string; discussionId: number; muted: boolean },
): Promise<MuteState> {
  const group = await readableGroup(ctx, actor, input.idOrSlug);
  const [post] = await ctx.db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.id, input.discussionId), eq(discussions.groupId, group.id)));
  if (!post) throw AppError.notFound('Discussion not found', 'discussion_not_found');
  if (input.muted) await ctx.db.insert(discussionMutes).values({ userId: actor.id, discussionId: post.id }).onConflictDoNothing();
  else await ctx.db.delete(discussionMutes).where(and(eq(discussionMutes.userId, actor.id), eq(discussionMutes.discussionId, post.id)));
  return { muted: input.muted };
}

/** How much of a muted discussion's text the settings page shows. */
const EXCERPT_CHARS = 120;

/** The start of a post's text on one line, cut at a word where it can be. */
function excerptOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line.length <= EXCERPT_CHARS) return line;
  const cut = line.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * GET /api/notifications/mutes: what the caller muted, so the web can show the switches' state (the ids) and the
 * settings page can list them by name (newest first). A muted discussion is named only while the caller may still
 * read it (a public community, or one they belong to): leaving a private community does not keep its posts' text.
 */
export async function listMutes(ctx: AppContext, actor: SignedIn): Promise<MutesResponse> {
  const rows = await ctx.db.execute<{ groups: number[]; discussions: number[] }>(sql`SELECT
    coalesce((SELECT array_agg(group_id ORDER BY group_id) FROM group_mutes WHERE user_id = ${actor.id}), '{}') AS groups,
    coalesce((SELECT array_agg(discussion_id ORDER BY discussion_id) FROM discussion_mutes WHERE user_id = ${actor.id}), '{}') AS discussions`);
  const row = [...rows][0];
  const mutedGroups = [
    ...(await ctx.db.execute<{ id: number; name: string; slug: string }>(sql`
      SELECT g.id, g.group_name AS name, g.slug FROM group_mutes m JOIN groups g ON g.id = m.group_id
      WHERE m.user_id = ${actor.id} ORDER BY m.created_at DESC, g.id DESC`)),
  ].map((g) => ({ id: g.id, name: g.name, slug: g.slug }));
  const mutedDiscussions = [
    ...(await ctx.db.execute<{ id: number; group_id: number; group_name: string; content: string }>(sql`
      SELECT d.id, d.group_id, g.group_name, left(d.content, 1000) AS content
      FROM discussion_mutes m JOIN discussions d ON d.id = m.discussion_id JOIN groups g ON g.id = d.group_id
      WHERE m.user_id = ${actor.id}
        AND (g.is_private = false OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = ${actor.id}))
      ORDER BY m.created_at DESC, d.id DESC`)),
  ].map((d) => ({ id: d.id, groupId: d.group_id, groupName: d.group_name, excerpt: excerptOf(d.content) }));
  return { groups: row?.groups ?? [], discussions: row?.discussions ?? [], mutedGroups, mutedDiscussions };
}
