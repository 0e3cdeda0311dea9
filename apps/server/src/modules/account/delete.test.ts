import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@agora/contract';
import {
  befriend,
  createBlog,
  createCast,
  createComment,
  createGroup,
  createPost,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Issue 14 §8: a real deletion. What the person posted stays under "Deleted user" (or goes, when asked); every
// counter equals a recount afterwards; the username is held for 30 days; communities they own block it.
const t = useTestApp({ rateLimit: false });

const remove = (user: TestUser, payload: object) => t.app.inject({ method: 'DELETE', url: '/api/account', headers: user.auth, payload });

/** Every cached counter that differs from a recount of its rows (empty when all agree). */
async function counterDrift(): Promise<unknown[]> {
  const rows = await t.database.db.execute(sql`
    SELECT 'discussion likes' AS what, id FROM discussions d WHERE like_count <> (SELECT count(*) FROM discussion_likes l WHERE l.discussion_id = d.id)
    UNION ALL SELECT 'comments', id FROM discussions d WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.discussion_id = d.id)
    UNION ALL SELECT 'comment likes', id FROM comments c WHERE like_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id)
    UNION ALL SELECT 'replies', id FROM comments c WHERE reply_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id)
    UNION ALL SELECT 'blog likes', id FROM blogs b WHERE like_count <> (SELECT count(*) FROM blog_likes l WHERE l.blog_id = b.id)
    UNION ALL SELECT 'members', id FROM groups g WHERE member_count <> (SELECT count(*) FROM group_members m WHERE m.group_id = g.id)
    UNION ALL SELECT 'posts', id FROM groups g WHERE post_count <> (SELECT count(*) FROM discussions d WHERE d.group_id = g.id)`);
  return [...rows];
}

describe('deleting an account', () => {
  it('asks for the password, refuses while the person owns a community, and names it', async () => {
    const owner = await createUser(t.database.db);
    await createGroup(t.database.db, { owner, name: 'Kept Club' });
    const wrong = await remove(owner, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_password');
    const owns = await remove(owner, { password: TEST_PASSWORD });
    expect(owns.statusCode).toBe(409);
    expect(owns.json().message).toBe(ACCOUNT_MESSAGES.ownsCommunities(['Kept Club']));
    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: owner.auth })).statusCode).toBe(200);
  });

  it('keeps their posts and comments under "Deleted user", removes everything personal, ends sessions, keeps counters exact', async () => {
    const { cast, group } = await createCast(t.database.db);
    const leaver = cast.member;
    const post = await createPost(t, group, leaver, 'Words that stay');
    const other = await createPost(t, group, cast.author, 'Another post');
    await createComment(t, other, leaver, 'A comment that stays');
    await t.app.inject({ method: 'POST', url: `/groups/${group.id}/discussions/${other.id}/like`, headers: leaver.auth });
    await befriend(t.database.db, leaver, cast.owner);
    expect(await counterDrift()).toEqual([]);

    const res = await remove(leaver, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.accountDeleted);

    expect((await t.app.inject({ method: 'GET', url: '/users/profile', headers: leaver.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/users/${leaver.id}`, headers: cast.owner.auth })).statusCode).toBe(404);
    const kept = await t.app.inject({ method: 'GET', url: `/groups/${group.id}/discussions/${post.id}`, headers: cast.owner.auth });
    expect(kept.statusCode, kept.body).toBe(200);
    const body = kept.json();
    const discussion = body.discussion ?? body;
    expect(discussion.username).toBe('Deleted user');
    expect(discussion.profileImage ?? null).toBeNull();
    const [row] = await t.database.db.execute<{ email: string; first_name: string; deleted: boolean }>(
      sql`SELECT email, first_name, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${leaver.id}`,
    );
    expect(row).toEqual({ email: `deleted-${leaver.id}@deleted.invalid`, first_name: 'Deleted', deleted: true });
    const leftovers = await t.database.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM group_members WHERE user_id = ${leaver.id}) + (SELECT count(*) FROM friendships WHERE requester_id = ${leaver.id} OR addressee_id = ${leaver.id})
        + (SELECT count(*) FROM discussion_likes WHERE user_id = ${leaver.id}) + (SELECT count(*) FROM sessions WHERE user_id = ${leaver.id}) AS n`);
    expect(Number([...leftovers][0]!.n)).toBe(0);
    expect(await counterDrift()).toEqual([]);
    // Nobody can sign in as "Deleted user", and the old name cannot be taken for 30 days.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: 'Deleted user', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'New',
        lastName: 'Person',
        email: 'newcomer@example.com',
        username: leaver.username,
        password: 'fresh-secret-42',
        confirmPassword: 'fresh-secret-42',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTH_MESSAGES.usernameTaken);
    await t.database.db.execute(sql`UPDATE released_usernames SET available_at = now() - interval '1 second'`);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'New',
        lastName: 'Person',
        email: 'newcomer@example.com',
        username: leaver.username,
        password: 'fresh-secret-42',
        confirmPassword: 'fresh-secret-42',
      },
    });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('with "also delete everything I posted" removes their posts, comments and blogs, counters still exact', async () => {
    const { cast, group } = await createCast(t.database.db);
    const leaver = cast.admin;
    const post = await createPost(t, group, leaver, 'Goes away');
    const other = await createPost(t, group, cast.author, 'Stays');
    const comment = await createComment(t, other, cast.member, 'A parent');
    await createComment(t, other, leaver, 'A reply that goes', comment.id);
    await createBlog(t, group, leaver, { title: 'A blog that goes' });
    expect(await counterDrift()).toEqual([]);
    const res = await remove(leaver, { password: TEST_PASSWORD, deleteContent: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/groups/${group.id}/discussions/${post.id}`, headers: cast.owner.auth })).statusCode,
    ).toBe(404);
    const left = await t.database.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM discussions WHERE user_id = ${leaver.id}) + (SELECT count(*) FROM comments WHERE user_id = ${leaver.id})
        + (SELECT count(*) FROM blogs WHERE author_id = ${leaver.id}) AS n`);
    expect(Number([...left][0]!.n)).toBe(0);
    expect(await counterDrift()).toEqual([]);
  });

  it('deletes the profile picture files', async () => {
    const user = await createUser(t.database.db);
    const { multipart, pngImage } = await import('../../test/factories');
    const body = multipart('profileImage', 'me.png', 'image/png', await pngImage());
    const up = await t.app.inject({
      method: 'POST',
      url: '/profile/upload-picture',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    const file = path.join(t.config.uploadsDir, (up.json().imagePath as string).slice('/uploads/'.length));
    expect(existsSync(file)).toBe(true);
    expect((await remove(user, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});
