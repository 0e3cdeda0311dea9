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

/** GET /api/notifications/mutes: what the caller muted, so the web can show the switches' state. */
export async function listMutes(ctx: AppContext, actor: SignedIn): Promise<MutesResponse> {
  const rows = await ctx.db.execute<{ groups: number[]; discussions: number[] }>(sql`SELECT
    coalesce((SELECT array_agg(group_id ORDER BY group_id) FROM group_mutes WHERE user_id = ${actor.id}), '{}') AS groups,
    coalesce((SELECT array_agg(discussion_id ORDER BY discussion_id) FROM discussion_mutes WHERE user_id = ${actor.id}), '{}') AS discussions`);
  const row = [...rows][0];
  return { groups: row?.groups ?? [], discussions: row?.discussions ?? [] };
}
