import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { POWER_USER_GROUPS, QUIET_GROUPS, seedScaleDiscussions } from './scale-discussions';
import { createScaleSentences, markerText, pickSentence, SEARCH_CONFIG, SEARCH_VECTOR, sentencePoolFor } from './scale-text';
import { SCALE_FIRST_NAMES, SCALE_LAST_NAMES } from './scale-words';

/**
 * A fast scale seeder for benchmarks and query plans (`npm run seed:scale`): set-based SQL (generate_series), one
 * transaction, seconds not minutes. Every row is consistent with the API's rules (slug history, three sections, an
 * owner row per community, member_count and post_count equal to the rows). Each run adds its own people and
 * communities under a fresh tag, so it can run on a database that already holds data.
 *
 * Extending it (the discussions issue, later ones): add an option and a step to SCALE_STEPS; a step receives the
 * transaction and the temp tables `scale_users (id, i)` and `scale_groups (id, g)` (i and g count from 1).
 */
export type ScaleOptions = {
  groups: number;
  users: number;
  /** Members of community no. 1, "the big one" (at most `users`): its owner, 1 admin and 9 moderators per 10,000. */
  bigGroupMembers: number;
  /** Members of every other community (drawn spread over all people). */
  membersPerGroup: number;
  /** Discussions spread over the communities (post_count kept equal). */
  discussions: number;
  /** More top-level comments per discussion, on average (0 to 2× this each); default 0. */
  commentsPerPost?: number;
  /** Blogs spread over the communities, by their owners; default 0. */
  blogs?: number;
};

export type ScaleResult = {
  tag: string;
  password: string;
  usernamePrefix: string;
  users: number;
  groups: number;
  memberships: number;
  discussions: number;
  comments: number;
  blogs: number;
  bigGroup: { id: number; slug: string; memberCount: number };
  /** Usernames for the feed benchmark: in 500 communities (`power`), only in two quiet ones (`quiet`), in 1-2 (`typical`). */
  feedPeople: { typical: string; power: string; quiet: string };
  seconds: Record<string, number>;
  /** True when the role could skip row-by-row foreign-key checks (a superuser). */
  fkChecksSkipped: boolean;
};

export const SCALE_PASSWORD = 'agora-scale';

type Step = { name: string; when: (o: ScaleOptions) => boolean; run: (tx: Tx, o: ScaleOptions, tag: string) => Promise<void> };

/** The steps, in order. Each is one or a few set-based statements. */
export const SCALE_STEPS: Step[] = [
  {
    name: 'memberships',
    when: () => true,
    run: async (tx, o) => {
      await tx.execute(sql`
        INSERT INTO group_members (group_id, user_id, role, joined_at)
        SELECT g.id, g.owner_id, 'owner', g.created_at FROM groups g JOIN scale_groups sg ON sg.id = g.id`);
      // The big community: people 1..N, a few admins and moderators, joined one second apart.
      await tx.execute(sql`
        INSERT INTO group_members (group_id, user_id, role, joined_at)
        SELECT sg.id, su.id,
          (CASE WHEN su.i % 10000 = 0 THEN 'admin' WHEN su.i % 1000 = 0 THEN 'moderator' ELSE 'member' END)::group_role,
          now() - make_interval(secs => ${o.bigGroupMembers} - su.i)
        FROM scale_groups sg JOIN groups g ON g.id = sg.id JOIN scale_users su ON su.i <= ${o.bigGroupMembers} AND su.id <> g.owner_id
        WHERE sg.g = 1`);
      if (o.membersPerGroup > 0 && o.groups > 1)
        await tx.execute(sql`
          INSERT INTO group_members (group_id, user_id, role, joined_at)
          SELECT sg.id, su.id, 'member', now() - make_interval(mins => j)
          FROM scale_groups sg CROSS JOIN generate_series(1, ${o.membersPerGroup}) j
          JOIN scale_users su ON su.i = ((sg.g::bigint * 7919 + j::bigint * 104729) % ${o.users}) + 1
          WHERE sg.g > 1
          ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        UPDATE groups g SET member_count = c.n
        FROM (SELECT m.group_id, count(*)::int AS n FROM group_members m JOIN scale_groups sg ON sg.id = m.group_id GROUP BY m.group_id) c
        WHERE g.id = c.group_id`);
    },
  },
  {
    // The feed benchmark's people (ScaleResult `feedPeople`): one in 500 communities, one only in the two quiet ones.
    name: 'feed people',
    when: (o) => o.users >= 3,
    run: async (tx, o) => {
      const [power, quiet] = [o.users - 1, o.users];
      await tx.execute(sql`
        INSERT INTO group_members (group_id, user_id, role)
        SELECT sg.id, su.id, 'member' FROM scale_groups sg JOIN scale_users su ON su.i = ${power}
        WHERE sg.g BETWEEN 2 AND ${POWER_USER_GROUPS + 1}
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        DELETE FROM group_members m USING scale_users su, scale_groups sg
        WHERE su.i = ${quiet} AND m.user_id = su.id AND m.group_id = sg.id AND m.role <> 'owner'`);
      await tx.execute(sql`
        INSERT INTO group_members (group_id, user_id, role)
        SELECT sg.id, su.id, 'member' FROM scale_groups sg JOIN scale_users su ON su.i = ${quiet}
        WHERE sg.g > ${o.groups - QUIET_GROUPS} AND sg.g > 1
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        UPDATE groups g SET member_count = c.n
        FROM (SELECT m.group_id, count(*)::int AS n FROM group_members m JOIN scale_groups sg ON sg.id = m.group_id GROUP BY m.group_id) c
        WHERE g.id = c.group_id AND g.member_count <> c.n`);
    },
  },
  {
    // The sentence pool every post, comment and blog is made of (scale-text.ts).
    name: 'sentences',
    when: (o) => o.discussions > 0 || (o.blogs ?? 0) > 0,
    run: async (tx, o) => {
      await createScaleSentences(tx, sentencePoolFor(o.discussions + (o.blogs ?? 0)));
    },
  },
  {
    name: 'discussions',
    when: (o) => o.discussions > 0,
    run: (tx, o) => seedScaleDiscussions(tx, o, sentencePoolFor(o.discussions + (o.blogs ?? 0))),
  },
  {
    // Blog b goes to a community spread over all of them, by its owner: a title line and four paragraphs.
    name: 'blogs',
    when: (o) => (o.blogs ?? 0) > 0,
    run: async (tx, o) => {
      const pool = sentencePoolFor(o.discussions + (o.blogs ?? 0));
      const s = (b: number) => pickSentence(sql`b::bigint * 64 + ${b} + 32`, pool);
      await tx.execute(sql`
        INSERT INTO blogs (group_id, author_id, title, content, created_at, updated_at, search_vector)
        SELECT x.group_id, x.author_id, x.title, x.content, x.created_at, x.created_at, ${SEARCH_VECTOR.blog(sql`x.title`, sql`x.content`)}
        FROM (SELECT g.id AS group_id, g.owner_id AS author_id, left(rtrim(t.s, '.?!'), 200) AS title,
          concat_ws(E'\n\n', s1.s || ' ' || s2.s || ' ' || s3.s, concat_ws(' ', s4.s, ${markerText(sql`b::bigint`, o.blogs ?? 0)}, s5.s),
            s6.s || ' ' || s7.s, s8.s || ' ' || s9.s || ' ' || s10.s) AS content,
          now() - make_interval(mins => b * 10) AS created_at
        FROM generate_series(1, ${o.blogs ?? 0}) b
        JOIN scale_groups sg ON sg.g = ((b::bigint * 104729) % ${o.groups}) + 1 JOIN groups g ON g.id = sg.id
        JOIN scale_sentences t ON t.k = ${s(0)}
        JOIN scale_sentences s1 ON s1.k = ${s(1)} JOIN scale_sentences s2 ON s2.k = ${s(2)}
        JOIN scale_sentences s3 ON s3.k = ${s(3)} JOIN scale_sentences s4 ON s4.k = ${s(4)}
        JOIN scale_sentences s5 ON s5.k = ${s(5)} JOIN scale_sentences s6 ON s6.k = ${s(6)}
        JOIN scale_sentences s7 ON s7.k = ${s(7)} JOIN scale_sentences s8 ON s8.k = ${s(8)}
        JOIN scale_sentences s9 ON s9.k = ${s(9)} JOIN scale_sentences s10 ON s10.k = ${s(10)}) x
        CROSS JOIN ${SEARCH_CONFIG}`);
    },
  },
  {
    name: 'activity',
    when: () => true,
    run: async (tx) => {
      await tx.execute(sql`
        UPDATE groups g SET activity_score = log(greatest(g.member_count, 1)::numeric)::float8 + extract(epoch from g.last_activity_at) / 604800.0
        FROM scale_groups sg WHERE sg.id = g.id`);
    },
  },
];

/** Comments (with replies) that `--discussions N --comments-per-post c` writes: the formulas of scale-discussions.ts. */
export function scaleCommentCount(discussions: number, commentsPerPost: number): number {
  let n = 0;
  for (let d = 1; d <= discussions; d++) n += (d % 2 === 0 ? 1 : 0) + (d % 8 === 0 ? 1 : 0) + ((d * 7919 + 1) % (2 * commentsPerPost + 1));
  return n;
}

/** Seeds people and communities at scale; returns what it made (the bench reads the big community from it). */
export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleResult> {
  const o = { ...options, bigGroupMembers: Math.min(options.bigGroupMembers, options.users) };
  if (o.users < 1 || o.groups < 1) throw new Error('--users and --groups must be at least 1');
  const tag = Date.now().toString(36).slice(-6);
  const usernamePrefix = `s${tag}_u`;
  const seconds: Record<string, number> = {};
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    seconds[name] = Math.round(performance.now() - t0) / 1000;
  };
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  // Display names: 100 first names × 100 last names, so a name search finds a few hundred people, not all or none.
  const names = (list: string) => list.split(/\s+/).filter(Boolean);
  const [firstNames, lastNames] = [names(SCALE_FIRST_NAMES), names(SCALE_LAST_NAMES)];
  const first = sql`${`{${firstNames.join(',')}}`}::text[]`;
  const last = sql`${`{${lastNames.join(',')}}`}::text[]`;

  let fkChecksSkipped = false;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    // Row-by-row foreign-key checks are most of the insert time (measured: 4.7 of 6.1 s for 100,000 memberships).
    // The rows made here are consistent by construction, so when the role may (a superuser, as the embedded
    // server's is) the checks are skipped for this transaction; otherwise they run, only slower.
    await tx.execute(sql`SAVEPOINT scale_fast`);
    try {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`RELEASE SAVEPOINT scale_fast`);
      fkChecksSkipped = true;
    } catch {
      await tx.execute(sql`ROLLBACK TO SAVEPOINT scale_fast`);
    }
    await timed('users', async () => {
      await tx.execute(sql`
        INSERT INTO users (username, email, first_name, last_name, password_hash, created_at, email_verified_at)
        SELECT ${usernamePrefix} || i, ${usernamePrefix} || i || '@scale.test', (${first})[1 + i % ${firstNames.length}],
          (${last})[1 + (i / ${firstNames.length}) % ${lastNames.length}], ${passwordHash}, now() - make_interval(mins => i), now()
        FROM generate_series(1, ${o.users}) i`);
      await tx.execute(sql`
        CREATE TEMP TABLE scale_users ON COMMIT DROP AS
        SELECT id, substring(username FROM ${`^${usernamePrefix}(\\d+)$`})::int AS i FROM users
        WHERE email LIKE ${`${usernamePrefix}%@scale.test`}`);
      await tx.execute(sql`CREATE UNIQUE INDEX ON scale_users (i)`);
      await tx.execute(sql`ANALYZE scale_users`);
    });
    await timed('groups', async () => {
      await tx.execute(sql`
        INSERT INTO groups (slug, group_name, name_key, owner_id, is_private, created_at, last_activity_at)
        SELECT ${`scale-${tag}-`} || g, ${`Scale ${tag} community `} || g,
          -- groupNameKey of an ASCII name: capital I read as l, case folded, 1 and | read as l, 0 as o (confusables.ts).
          translate(lower(translate(${`Scale ${tag} community `} || g, 'I', 'l')), '10|', 'lol'), su.id, (g > 1 AND g % 10 = 0),
          now() - make_interval(mins => g), now() - make_interval(hours => (g * 37) % 2000)
        FROM generate_series(1, ${o.groups}) g JOIN scale_users su ON su.i = ((g - 1) % ${o.users}) + 1`);
      await tx.execute(sql`
        CREATE TEMP TABLE scale_groups ON COMMIT DROP AS
        SELECT id, substring(slug FROM ${`^scale-${tag}-(\\d+)$`})::int AS g FROM groups WHERE slug LIKE ${`scale-${tag}-%`}`);
      await tx.execute(sql`CREATE UNIQUE INDEX ON scale_groups (g)`);
      await tx.execute(sql`ANALYZE scale_groups`);
      await tx.execute(
        sql`INSERT INTO group_slugs (slug, group_id) SELECT g.slug, g.id FROM groups g JOIN scale_groups sg ON sg.id = g.id`,
      );
      await tx.execute(sql`
        INSERT INTO group_sections (group_id, section_header, section_desc)
        SELECT sg.id, h, 'Generated for scale tests: ' || h FROM scale_groups sg
        CROSS JOIN unnest(ARRAY['About Us', 'Rules & Regulations', 'Social Media']::group_section_header[]) h`);
    });
    for (const step of SCALE_STEPS) if (step.when(o)) await timed(step.name, () => step.run(tx, o, tag));
    const [big] = (await tx.execute(sql`
      SELECT g.id, g.slug, g.member_count AS "memberCount" FROM groups g JOIN scale_groups sg ON sg.id = g.id WHERE sg.g = 1`)) as unknown as {
      id: number;
      slug: string;
      memberCount: number;
    }[];
    const [counts] = (await tx.execute(sql`
      SELECT (SELECT count(*)::int FROM group_members m JOIN scale_groups sg ON sg.id = m.group_id) AS memberships`)) as unknown as {
      memberships: number;
    }[];
    return { big: big!, memberships: counts!.memberships };
  });
  // Fresh statistics and visibility maps, as autovacuum would leave them a while later: the planner sees the new
  // sizes and index-only scans need no heap visits.
  await timed('vacuum', () =>
    db.execute(
      sql`VACUUM (ANALYZE) users, groups, group_members, group_slugs, group_sections, discussions, discussion_likes, comments, comment_likes, blogs`,
    ),
  );
  return {
    tag,
    password: SCALE_PASSWORD,
    usernamePrefix,
    users: o.users,
    groups: o.groups,
    memberships: result.memberships,
    discussions: o.discussions,
    comments: scaleCommentCount(o.discussions, o.commentsPerPost ?? 0),
    blogs: o.blogs ?? 0,
    bigGroup: result.big,
    feedPeople: { typical: `${usernamePrefix}2`, power: `${usernamePrefix}${o.users - 1}`, quiet: `${usernamePrefix}${o.users}` },
    seconds,
    fkChecksSkipped,
  };
}
