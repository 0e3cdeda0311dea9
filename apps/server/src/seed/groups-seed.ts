import { groupWebPath } from '@agora/contract';
import { slugifyGroupName } from '@agora/contract/slugs';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { groupJoinRequests, groups } from '../db/schema';
import { insertGroup, insertSections, insertSlug, updateGroup } from '../modules/groups/groups.queries';
import { addMembers, moveMemberCount } from '../modules/members/members.queries';
import { activityScore } from '../modules/groups/group-sql';
import { insertNotification } from '../modules/notifications/notifications.writer';
import { DEMO_GROUPS } from './demo-groups';
import { communityBannerJpeg, communityPictureJpeg } from './images';
import { recordSeedUploads, saveUpload, type SeedUploads } from './uploads';

/**
 * The demo communities, written with the same queries the API uses (slug history, sections, owner row, counted
 * members), in the caller's transaction. Pictures are generated locally in parallel first.
 */
export async function seedDemoGroups(tx: Tx, uploads: SeedUploads, userIds: Map<string, number>): Promise<void> {
  const id = (username: string) => {
    const value = userIds.get(username);
    if (value === undefined) throw new Error(`Demo group refers to unknown demo user ${username}`);
    return value;
  };
  const pictures = await Promise.all(
    DEMO_GROUPS.map(async (g) => ({
      dp: await saveUpload(uploads, 'groupdp', await communityPictureJpeg(g.pattern, g.colors, g.monogram)),
      banner: await saveUpload(uploads, 'groupbanner', await communityBannerJpeg(g.pattern, g.colors)),
    })),
  );
  for (const [i, g] of DEMO_GROUPS.entries()) {
    const slug = slugifyGroupName(g.name);
    const row = await insertGroup(tx, {
      slug,
      groupName: g.name,
      ownerId: id(g.owner),
      groupDp: pictures[i]!.dp,
      groupBanner: pictures[i]!.banner,
    });
    await insertSlug(tx, row.id, slug);
    await recordSeedUploads(tx, [
      { path: pictures[i]!.dp, kind: 'groupdp', userId: id(g.owner) },
      { path: pictures[i]!.banner, kind: 'groupbanner', userId: id(g.owner) },
    ]);
    await insertSections(tx, row.id, { 'About Us': g.about, 'Rules & Regulations': g.rules, 'Social Media': g.social });
    await addMembers(tx, row.id, [id(g.owner)], 'owner');
    for (const role of ['admin', 'moderator', 'member'] as const) {
      const added = await addMembers(
        tx,
        row.id,
        g.members.filter(([, r]) => r === role).map(([username]) => id(username)),
        role,
      );
      if (added.length > 0) await moveMemberCount(tx, row.id, added.length, true);
    }
    for (const username of g.requests ?? []) await tx.insert(groupJoinRequests).values({ groupId: row.id, userId: id(username) });
    for (const [from, to] of g.invites ?? []) {
      await insertNotification(tx, {
        userId: id(to),
        senderId: id(from),
        notiType: 'group_invite',
        notiContent: `${from} invited you to join ${g.name}`,
        notiLink: groupWebPath(slug),
        groupId: row.id,
      });
    }
    if (g.verified || g.isPrivate) await updateGroup(tx, row.id, { groupVerified: g.verified ?? false, isPrivate: g.isPrivate ?? false });
    // Spread the last activity so the suggested ranking has something to rank.
    const at = sql`now() - make_interval(days => ${g.lastActiveDaysAgo})`;
    await tx
      .update(groups)
      .set({ lastActivityAt: at, activityScore: activityScore(sql`${groups.memberCount}`, at) })
      .where(eq(groups.id, row.id));
  }
}
