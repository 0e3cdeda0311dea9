import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { commentNumber, markerText, pickSentence, SEARCH_CONFIG, SEARCH_VECTOR } from './scale-text';

/** The feed benchmark's "power" person (the second-to-last scale person) is a member of this many communities. */
export const POWER_USER_GROUPS = 500;
/** The "quiet" person (the last scale person) is only in the last communities, which have very few posts. */
export const QUIET_GROUPS = 2;
/** Posts of each quiet community: the oldest of the run, so a scan of every post newest first meets them last. */
export const QUIET_POSTS = 3;

/**
 * `--discussions N` of the scale seeder: N posts spread over the communities (the quiet ones excepted), newest
 * first 15 s apart, each by its community's owner, with comments, one-level replies and likes in proportion: a
 * top-level comment on every 2nd post, a reply to it on every 8th, 0-2 likes per post, a like on every 4th post's
 * comment; with `--comments-per-post c`, 0 to 2c more top-level comments per post (c on average) by the community's
 * first two likers or its owner. Likers are members of the post's community (SPEC §6), so the rows are ones the API
 * could have made. Every text is a few sentences of the pool of scale-text.ts with its markers (issue 16).
 * Every counter (like_count, comment_count, reply_count, post_count) is written from the same formulas as the
 * rows it counts, so there is no recount pass over millions of rows (scale.test.ts checks that they agree).
 */
export async function seedScaleDiscussions(
  tx: Tx,
  o: { groups: number; users: number; discussions: number; commentsPerPost?: number },
  pool: number,
): Promise<void> {
  // Extra top-level comments of post d (issue 16: millions of comments to search): 0..2c, c on average, by the
  // community's first two likers (members) or its owner.
  const extraSpread = 2 * (o.commentsPerPost ?? 0) + 1;
  const commentCount = Math.round(o.discussions * (0.625 + (o.commentsPerPost ?? 0)));
  const quietFrom = o.groups > QUIET_GROUPS + 1 ? o.groups - QUIET_GROUPS + 1 : o.groups + 1; // first quiet g
  const regularGroups = quietFrom - 1;
  const quietPosts = quietFrom <= o.groups ? Math.min(o.discussions, (o.groups - quietFrom + 1) * QUIET_POSTS) : 0;
  const regularPosts = o.discussions - quietPosts;
  // Post no. d (1 = newest): regular posts go round the regular communities in a scattered order; the last
  // `quietPosts` (the oldest) go to the quiet ones.
  // Likers: members of the post's community other than its owner, numbered; only the first two are ever used.
  await tx.execute(sql`
    CREATE TEMP TABLE scale_likers ON COMMIT DROP AS
    SELECT group_id, user_id, k FROM (
      SELECT m.group_id, m.user_id, (row_number() OVER (PARTITION BY m.group_id ORDER BY m.user_id))::int AS k
      FROM group_members m JOIN scale_groups sg ON sg.id = m.group_id WHERE m.role <> 'owner') x
    WHERE k <= 2`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_likers (group_id, k)`);
  await tx.execute(sql`ANALYZE scale_likers`);
  await tx.execute(sql`
    CREATE TEMP TABLE scale_posts ON COMMIT DROP AS
    SELECT d, sg.id AS group_id, g.owner_id, NOT g.is_private AS is_public, now() - make_interval(secs => d * 15) AS created_at,
      least(d % 3, (SELECT count(*) FROM scale_likers l WHERE l.group_id = sg.id))::int AS likes,
      (d % 4 = 0 AND EXISTS (SELECT 1 FROM scale_likers l WHERE l.group_id = sg.id)) AS comment_liked,
      ((d::bigint * 7919 + 1) % ${extraSpread})::int AS extra
    FROM generate_series(1, ${o.discussions}) d
    JOIN scale_groups sg ON sg.g = CASE WHEN d <= ${regularPosts}
      THEN ((d::bigint * 7919) % ${Math.max(regularGroups, 1)}) + 1
      ELSE ${quietFrom} + ((d - ${regularPosts} - 1) % ${QUIET_GROUPS}) END
    JOIN groups g ON g.id = sg.id`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_posts (d)`);
  await tx.execute(sql`ANALYZE scale_posts`);
  await tx.execute(sql`
    CREATE TEMP TABLE scale_post_likes ON COMMIT DROP AS
    SELECT p.d, l.user_id FROM scale_posts p CROSS JOIN generate_series(1, p.likes) n
    JOIN scale_likers l ON l.group_id = p.group_id AND l.k = n`);
  await tx.execute(sql`
    INSERT INTO discussions (group_id, user_id, content, group_is_public, like_count, comment_count, created_at, updated_at, search_vector)
    SELECT x.group_id, x.user_id, x.content, x.group_is_public, x.like_count, x.comment_count, x.created_at, x.created_at,
      ${SEARCH_VECTOR.post(sql`x.content`)}
    FROM (SELECT p.d, p.group_id, p.owner_id AS user_id,
      -- A first line (what search weighs above the body), then two to four sentences and the markers.
      s1.s || E'\n\n' || concat_ws(' ', s2.s, ${markerText(sql`p.d::bigint`, o.discussions)}, s3.s, CASE WHEN p.d % 3 = 0 THEN s4.s END,
        CASE WHEN p.d % 2 = 0 THEN s5.s END) AS content,
      p.is_public AS group_is_public,
      p.likes AS like_count,
      (CASE WHEN p.d % 2 = 0 THEN 1 ELSE 0 END) + (CASE WHEN p.d % 8 = 0 THEN 1 ELSE 0 END) + p.extra AS comment_count,
      p.created_at
    FROM scale_posts p
    JOIN scale_sentences s1 ON s1.k = ${pickSentence(sql`p.d::bigint * 64 + 1`, pool)}
    JOIN scale_sentences s2 ON s2.k = ${pickSentence(sql`p.d::bigint * 64 + 2`, pool)}
    JOIN scale_sentences s3 ON s3.k = ${pickSentence(sql`p.d::bigint * 64 + 3`, pool)}
    JOIN scale_sentences s4 ON s4.k = ${pickSentence(sql`p.d::bigint * 64 + 4`, pool)}
    JOIN scale_sentences s5 ON s5.k = ${pickSentence(sql`p.d::bigint * 64 + 30`, pool)}) x
    CROSS JOIN ${SEARCH_CONFIG}
    ORDER BY x.d`);
  // Ids in d order (one statement, ordered): the n-th new id is post d = n.
  await tx.execute(sql`
    CREATE TEMP TABLE scale_discussions ON COMMIT DROP AS
    SELECT d.id, (row_number() OVER (ORDER BY d.id))::int AS d
    FROM discussions d WHERE d.group_id IN (SELECT id FROM scale_groups)`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_discussions (d)`);
  await tx.execute(sql`ANALYZE scale_discussions`);
  await tx.execute(sql`
    INSERT INTO discussion_likes (discussion_id, user_id, created_at)
    SELECT sd.id, pl.user_id, now() FROM scale_post_likes pl JOIN scale_discussions sd ON sd.d = pl.d`);
  // Top-level comments by the owner; the first liker (if any) likes every 4th post's comment.
  await tx.execute(sql`
    INSERT INTO comments (discussion_id, user_id, content, like_count, reply_count, created_at, updated_at, search_vector)
    SELECT x.discussion_id, x.user_id, x.content, x.like_count, x.reply_count, x.created_at, x.created_at, ${SEARCH_VECTOR.comment(sql`x.content`)}
    FROM (SELECT sd.id AS discussion_id, p.owner_id AS user_id, concat_ws(' ', s.s, ${markerText(commentNumber(sql`p.d`, 0), commentCount)}) AS content,
      (CASE WHEN p.comment_liked THEN 1 ELSE 0 END) AS like_count,
      (CASE WHEN p.d % 8 = 0 THEN 1 ELSE 0 END) AS reply_count,
      p.created_at + interval '1 minute' AS created_at
    FROM scale_posts p JOIN scale_discussions sd ON sd.d = p.d
    JOIN scale_sentences s ON s.k = ${pickSentence(sql`p.d::bigint * 64 + 5`, pool)}
    WHERE p.d % 2 = 0) x CROSS JOIN ${SEARCH_CONFIG}`);
  await tx.execute(sql`
    INSERT INTO comment_likes (comment_id, user_id, created_at)
    SELECT c.id, l.user_id, now() FROM scale_posts p JOIN scale_discussions sd ON sd.d = p.d
    JOIN comments c ON c.discussion_id = sd.id AND c.parent_id IS NULL
    JOIN scale_likers l ON l.group_id = p.group_id AND l.k = 1
    WHERE p.comment_liked`);
  await tx.execute(sql`
    INSERT INTO comments (discussion_id, user_id, parent_id, content, created_at, updated_at, search_vector)
    SELECT x.discussion_id, x.user_id, x.parent_id, x.content, x.created_at, x.created_at, ${SEARCH_VECTOR.comment(sql`x.content`)}
    FROM (SELECT c.discussion_id, c.user_id, c.id AS parent_id, concat_ws(' ', s.s, ${markerText(commentNumber(sql`p.d`, 1), commentCount)}) AS content,
      c.created_at + interval '1 minute' AS created_at
    FROM scale_posts p JOIN scale_discussions sd ON sd.d = p.d
    JOIN comments c ON c.discussion_id = sd.id AND c.parent_id IS NULL
    JOIN scale_sentences s ON s.k = ${pickSentence(sql`p.d::bigint * 64 + 6`, pool)}
    WHERE p.d % 8 = 0) x CROSS JOIN ${SEARCH_CONFIG}`);
  if (extraSpread > 1)
    await tx.execute(sql`
      INSERT INTO comments (discussion_id, user_id, content, created_at, updated_at, search_vector)
      SELECT x.discussion_id, x.user_id, x.content, x.created_at, x.created_at, ${SEARCH_VECTOR.comment(sql`x.content`)}
      FROM (SELECT sd.id AS discussion_id, coalesce(l.user_id, p.owner_id) AS user_id,
        concat_ws(' ', s1.s, ${markerText(commentNumber(sql`p.d`, sql`1 + j`), commentCount)}, CASE WHEN (p.d + j) % 2 = 0 THEN s2.s END) AS content,
        p.created_at + make_interval(mins => 2 + j) AS created_at
      FROM scale_posts p JOIN scale_discussions sd ON sd.d = p.d
      CROSS JOIN LATERAL generate_series(1, p.extra) j
      LEFT JOIN scale_likers l ON l.group_id = p.group_id AND l.k = 1 + (p.d + j) % 2
      JOIN scale_sentences s1 ON s1.k = ${pickSentence(sql`p.d::bigint * 64 + 7 + j * 2`, pool)}
      JOIN scale_sentences s2 ON s2.k = ${pickSentence(sql`p.d::bigint * 64 + 8 + j * 2`, pool)}
      WHERE p.extra > 0) x CROSS JOIN ${SEARCH_CONFIG}`);
  await tx.execute(sql`
    UPDATE groups g SET post_count = c.n, last_activity_at = greatest(g.last_activity_at, c.latest)
    FROM (SELECT p.group_id, count(*)::int AS n, max(p.created_at) AS latest FROM scale_posts p GROUP BY p.group_id) c
    WHERE g.id = c.group_id`);
}
