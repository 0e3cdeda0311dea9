// Search (issue 16 §2): privacy is the first rule. A canary word sits in every record a viewer may not read; each
// viewer searches for it in every kind and with type=all: only those who may read the record find it.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, type SearchResponse } from '@agora/contract';
import { createBlog, createComment, createGroup, createPost, createUser, type TestGroup, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });
const api = () => client(t);

type Viewer = 'visitor' | 'outsider' | 'leaver' | 'kicked' | 'member';
const people = {} as Record<Exclude<Viewer, 'visitor'> | 'owner', TestUser>;
let secret: TestGroup;

/** Everything a search for `q` returns to `who`, as "kind:id" strings (all kinds, and each kind alone). */
async function findings(q: string, who: TestUser | undefined, group?: string): Promise<string[]> {
  const out = new Set<string>();
  for (const type of ['all', 'discussions', 'comments', 'blogs', 'communities', 'people']) {
    const params = new URLSearchParams({ q, type, ...(group ? { group } : {}) });
    const res = await api().get(`/api/search?${params.toString()}`, who);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SearchResponse;
    // Nothing of the private record anywhere in the answer: not a count, a passage or a name.
    for (const d of body.discussions) out.add(`discussion:${d.id}`);
    for (const c of body.comments) out.add(`comment:${c.id}`);
    for (const b of body.blogs) out.add(`blog:${b.id}`);
    for (const g of body.communities) out.add(`community:${g.id}`);
    for (const p of body.people) out.add(`person:${p.id}`);
  }
  return [...out].sort();
}

const viewer = (v: Viewer) => (v === 'visitor' ? undefined : people[v]);

describe('a private community', () => {
  const canary = `canary${process.pid}x`;
  let expected: string[];

  beforeAll(async () => {
    for (const name of ['owner', 'outsider', 'leaver', 'kicked', 'member'] as const) people[name] = await createUser(t.database.db);
    secret = await createGroup(t.database.db, {
      owner: people.owner,
      isPrivate: true,
      name: `Secret ${canary}`,
      members: [{ user: people.member, role: 'admin' }, { user: people.leaver }, { user: people.kicked }],
    });
    const post = await createPost(t, secret, people.member, `Hidden plans ${canary}`);
    const comment = await createComment(t, post, people.member, `A hidden reply ${canary}`);
    const blog = await createBlog(t, secret, people.member, { title: `Hidden blog ${canary}`, content: `Private words ${canary}.` });
    // The two former members leave and are removed now: from this moment they are outsiders.
    expect((await api().post(`/api/groups/${secret.id}/leave`, people.leaver)).statusCode).toBe(200);
    expect((await api().post(`/api/groups/${secret.id}/kick`, people.owner, { memberId: people.kicked.id })).statusCode).toBe(200);
    expected = [`blog:${blog.id}`, `comment:${comment.id}`, `community:${secret.id}`, `discussion:${post.id}`].sort();
  });

  it.each(['visitor', 'outsider', 'leaver', 'kicked'] as const)('the %s finds nothing of it', async (v) => {
    expect(await findings(canary, viewer(v))).toEqual([]);
    // Nor by a word of the text alone, by its author, or by the prefix of the canary.
    expect(await findings('hidden', viewer(v))).toEqual([]);
    const byAuthor = await findings(`@${people.member.username}`, viewer(v));
    expect(byAuthor.filter((f) => !f.startsWith('person:'))).toEqual([]);
    expect(await findings(canary.slice(0, -2), viewer(v))).toEqual([]);
  });

  it('a member finds all of it (post, comment, blog, the community itself)', async () => {
    expect(await findings(canary, people.member)).toEqual(expected);
    expect(await findings(canary, people.owner)).toEqual(expected);
  });

  it('group= a private community: 404 for those who may not read it, the same as a community that does not exist', async () => {
    for (const v of ['visitor', 'outsider', 'leaver', 'kicked'] as const) {
      for (const group of [String(secret.id), secret.slug]) {
        const res = await api().get(`/api/search?q=${canary}&group=${group}`, viewer(v));
        expect(res.statusCode, v).toBe(404);
        expect(res.json().message).toBe(SEARCH_MESSAGES.groupNotFound);
      }
    }
    const missing = await api().get(`/api/search?q=${canary}&group=999999999`, people.member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SEARCH_MESSAGES.groupNotFound);
    expect(await findings(canary, people.member, secret.slug)).toEqual(expected);
  });

  it('someone who joins again finds it again at once', async () => {
    await t.database.sql`INSERT INTO group_members (group_id, user_id, role) VALUES (${secret.id}, ${people.leaver.id}, 'member')`;
    expect(await findings(canary, people.leaver)).toEqual(expected);
    await t.database.sql`DELETE FROM group_members WHERE group_id = ${secret.id} AND user_id = ${people.leaver.id}`;
    expect(await findings(canary, people.leaver)).toEqual([]);
  });
});

describe('removed items', () => {
  it('are found by nobody but their author and the staff', async () => {
    const canary = `removed${process.pid}x`;
    const owner = await createUser(t.database.db);
    const author = await createUser(t.database.db);
    const member = await createUser(t.database.db);
    const outsider = await createUser(t.database.db);
    const reader = await createUser(t.database.db);
    const g = await createGroup(t.database.db, { owner, members: [{ user: author, role: 'admin' }, { user: member }, { user: reader }] });
    const post = await createPost(t, g, author, `Spam post ${canary}`);
    const other = await createPost(t, g, member, 'An ordinary post');
    const comment = await createComment(t, other, member, `Spam comment ${canary}`);
    const blog = await createBlog(t, g, author, { title: `Spam blog ${canary}`, content: 'Buy now.' });
    const base = `/api/groups/${g.id}`;
    for (const path of [`${base}/discussions/${post.id}/remove`, `${base}/discussions/${other.id}/comments/${comment.id}/remove`, `${base}/blogs/${blog.id}/remove`]) {
      expect((await api().post(path, owner, { reason: 'Spam' })).statusCode).toBe(200);
    }
    for (const who of [undefined, outsider, reader]) expect(await findings(canary, who)).toEqual([]);
    // The comment's author (a plain member) finds their own removed comment only; staff (the admin, the owner) all.
    expect(await findings(canary, member)).toEqual([`comment:${comment.id}`]);
    expect(await findings(canary, author)).toEqual([`blog:${blog.id}`, `comment:${comment.id}`, `discussion:${post.id}`].sort());
    expect(await findings(canary, owner)).toEqual([`blog:${blog.id}`, `comment:${comment.id}`, `discussion:${post.id}`].sort());
  });
});

describe('blocks', () => {
  it('nothing by someone who blocked the caller or whom the caller blocked; nor those people themselves', async () => {
    const canary = `blocked${process.pid}x`;
    const caller = await createUser(t.database.db);
    const blocker = await createUser(t.database.db, { firstName: canary });
    const blocked = await createUser(t.database.db, { firstName: canary });
    const bystander = await createUser(t.database.db, { firstName: canary });
    const g = await createGroup(t.database.db, { owner: bystander, members: [{ user: blocker }, { user: blocked }, { user: caller }] });
    const p1 = await createPost(t, g, blocker, `By the blocker ${canary}`);
    const p2 = await createPost(t, g, blocked, `By the blocked ${canary}`);
    const p3 = await createPost(t, g, bystander, `By a bystander ${canary}`);
    const c1 = await createComment(t, p3, blocker, `Comment by the blocker ${canary}`);
    const c2 = await createComment(t, p1, bystander, `Comment under the blocker's post ${canary}`);
    const before = await findings(canary, caller);
    expect(before).toEqual(
      [`discussion:${p1.id}`, `discussion:${p2.id}`, `discussion:${p3.id}`, `comment:${c1.id}`, `comment:${c2.id}`, `person:${blocker.id}`, `person:${blocked.id}`, `person:${bystander.id}`].sort(),
    );
    expect((await api().post(`/api/users/${caller.id}/block`, blocker)).statusCode).toBe(200);
    expect((await api().post(`/api/users/${blocked.id}/block`, caller)).statusCode).toBe(200);
    expect(await findings(canary, caller)).toEqual([`discussion:${p3.id}`, `person:${bystander.id}`].sort());
  });
});

describe('deleted accounts', () => {
  it('are never listed as people', async () => {
    const canary = `gone${process.pid}x`;
    const gone = await createUser(t.database.db, { username: `${canary}_user`, firstName: canary });
    expect(await findings(canary, undefined)).toEqual([`person:${gone.id}`]);
    await t.database.sql`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`;
    expect(await findings(canary, undefined)).toEqual([]);
  });
});
