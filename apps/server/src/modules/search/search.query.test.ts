// Search (issue 16 §1): the query language, ranking, pagination while posts arrive, and bad input (never a 500).
import { describe, expect, it, beforeAll } from 'vitest';
import { SEARCH_MARK, SEARCH_MESSAGES, type SearchResponse } from '@agora/contract';
import { createBlog, createComment, createGroup, createPost, createUser, type TestGroup, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });
const api = () => client(t);

let owner: TestUser;
let alice: TestUser;
let group: TestGroup;

const search = async (params: Record<string, string>, user?: TestUser) => {
  const res = await api().get(`/api/search?${new URLSearchParams(params).toString()}`, user);
  return res;
};
const found = async (q: string, type = 'discussions', user?: TestUser): Promise<string[]> => {
  const res = await search({ q, type }, user);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as SearchResponse;
  if (type === 'comments') return body.comments.map((c) => c.content);
  if (type === 'blogs') return body.blogs.map((b) => b.blog_title);
  return body.discussions.map((d) => d.discussion_content);
};

beforeAll(async () => {
  owner = await createUser(t.database.db);
  alice = await createUser(t.database.db, { username: `alice_${process.pid}` });
  group = await createGroup(t.database.db, { owner, members: [{ user: alice, role: 'admin' }] });
  await createPost(t, group, owner, 'Morning runs by the river\nWe run every morning at seven');
  await createPost(t, group, owner, 'Knitting club news\nThe yarn order arrived, grab yours');
  await createPost(t, group, alice, 'Gardening tips\nTomatoes want sun and patience');
  await createPost(t, group, owner, 'Quiet evening\nA cup of tea and a good book, no yarn today');
  await createPost(t, group, owner, '我喜欢学习中文和日本語');
});

describe('the query language', () => {
  it('finds any inflection of a word: "running" finds "runs" and "run"', async () => {
    expect(await found('running')).toEqual(['Morning runs by the river\nWe run every morning at seven']);
  });

  it('all words must match', async () => {
    expect(await found('yarn arrived')).toEqual(['Knitting club news\nThe yarn order arrived, grab yours']);
  });

  it('a "quoted phrase" matches the words in that order only', async () => {
    expect(await found('"good book"')).toHaveLength(1);
    expect(await found('"book good"')).toEqual([]);
  });

  it('-word excludes', async () => {
    const both = await found('yarn');
    expect(both).toHaveLength(2);
    expect(await found('yarn -tea')).toEqual(['Knitting club news\nThe yarn order arrived, grab yours']);
  });

  it('@username keeps one author', async () => {
    expect(await found(`@${alice.username}`)).toEqual(['Gardening tips\nTomatoes want sun and patience']);
    expect(await found(`tomatoes @${owner.username}`)).toEqual([]);
    expect(await found(`tomatoes @${alice.username.toUpperCase()}`)).toHaveLength(1);
  });

  it('the last word is a prefix while one types', async () => {
    expect(await found('garden')).toHaveLength(1);
    expect(await found('gard')).toEqual(['Gardening tips\nTomatoes want sun and patience']);
    expect(await found('knit')).toHaveLength(1);
  });

  it('Chinese, Japanese and Korean words are found by substring', async () => {
    expect(await found('中文')).toEqual(['我喜欢学习中文和日本語']);
    expect(await found('日本')).toHaveLength(1);
    expect(await found('韓国')).toEqual([]);
  });

  it('the passage marks the matched words with SEARCH_MARK, and links to the post', async () => {
    const res = await search({ q: 'patience', type: 'discussions' });
    const hit = (res.json() as SearchResponse).discussions[0]!;
    expect(hit.highlight).toContain(`${SEARCH_MARK.start}patience${SEARCH_MARK.end}`);
    expect(hit.link).toBe(`/groups/${group.id}/discussions/${hit.id}`);
    const cjk = (await search({ q: '中文', type: 'discussions' })).json() as SearchResponse;
    expect(cjk.discussions[0]!.highlight).toContain(`${SEARCH_MARK.start}中文${SEARCH_MARK.end}`);
  });

  it('stored marker characters never reach a passage as markers', async () => {
    // The API refuses control characters; older rows (or a direct write) may still hold them.
    await t.database.sql`INSERT INTO discussions (group_id, user_id, content) VALUES (${group.id}, ${owner.id}, ${'Marker test \u0002zebrafish\u0003 here \u0002'})`;
    const hit = ((await search({ q: 'zebrafish', type: 'discussions' })).json() as SearchResponse).discussions[0]!;
    expect(hit.highlight.split(SEARCH_MARK.start)).toHaveLength(2);
    expect(hit.highlight).toContain(`${SEARCH_MARK.start}zebrafish${SEARCH_MARK.end}`);
  });

  it('type=all gives the first few of each kind, with comments, blogs, communities and people', async () => {
    const [post] = await Promise.all([createPost(t, group, owner, 'Lighthouse photos from the coast')]);
    await createComment(t, post!, alice, 'That lighthouse is beautiful');
    await createBlog(t, group, alice, { title: 'Lighthouse keepers', content: 'A history of the keepers.' });
    const named = await createGroup(t.database.db, { owner, name: `Lighthouse fans ${process.pid}` });
    const keeper = await createUser(t.database.db, { username: `lighthouse_${process.pid}`, firstName: 'Lena', lastName: 'Keeper' });
    const res = await search({ q: 'lighthouse' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchResponse;
    expect(body.discussions.map((d) => d.discussion_content)).toEqual(['Lighthouse photos from the coast']);
    expect(body.comments.map((c) => c.content)).toEqual(['That lighthouse is beautiful']);
    expect(body.comments[0]!.link).toBe(`/groups/${group.id}/discussions/${post!.id}?comment=${body.comments[0]!.id}`);
    expect(body.comments[0]!.group_name).toBe(group.name);
    expect(body.blogs.map((b) => b.blog_title)).toEqual(['Lighthouse keepers']);
    expect(body.communities.map((g) => g.id)).toEqual([named.id]);
    expect(body.people.map((p) => p.id)).toEqual([keeper.id]);
    expect(body.people[0]!.highlight).toContain(`${SEARCH_MARK.start}lighthouse${SEARCH_MARK.end}`);
    expect(body.nextCursor).toBeNull();
  });
});

describe('ranking', () => {
  it('a word in the first line (or a title) ranks above the same word in the body; then newer first', async () => {
    const g = await createGroup(t.database.db, { owner });
    const body1 = await createPost(t, g, owner, 'Weekly notes\nWe talked about the quokka again');
    const title = await createPost(t, g, owner, 'Quokka sighting\nOn the island yesterday');
    const body2 = await createPost(t, g, owner, 'More notes\nSomeone saw a quokka');
    const res = (await search({ q: 'quokka', type: 'discussions', group: String(g.id) })).json() as SearchResponse;
    expect(res.discussions.map((d) => d.id)).toEqual([title.id, body2.id, body1.id]);
    await createBlog(t, g, owner, { title: 'Travel diary', content: 'We met a wombat on the road.' });
    await createBlog(t, g, owner, { title: 'Wombat facts', content: 'They dig.' });
    const blogs = (await search({ q: 'wombat', type: 'blogs' })).json() as SearchResponse;
    expect(blogs.blogs.map((b) => b.blog_title)).toEqual(['Wombat facts', 'Travel diary']);
  });

  it('communities: the exact name first, then names starting with the words, then member count', async () => {
    const tag = `zq${process.pid}`;
    const big = await createGroup(t.database.db, { owner, name: `Big ${tag} club`, members: [{ user: alice }] });
    const starts = await createGroup(t.database.db, { owner, name: `${tag} lovers` });
    const exact = await createGroup(t.database.db, { owner, name: tag });
    const small = await createGroup(t.database.db, { owner, name: `Small ${tag} club` });
    const res = (await search({ q: tag, type: 'communities' })).json() as SearchResponse;
    expect(res.communities.map((g) => g.id)).toEqual([exact.id, starts.id, big.id, small.id]);
  });

  it('people: a username that starts with the word, then a display name that does, then mutual friends', async () => {
    const tag = `pq${process.pid}`;
    const byName = await createUser(t.database.db, { username: `zz_${process.pid}_a`, firstName: tag, lastName: 'Smith' });
    const byUser = await createUser(t.database.db, { username: `${tag}_x` });
    const inside = await createUser(t.database.db, { username: `a_${tag}` });
    const friendly = await createUser(t.database.db, { username: `b_${tag}` });
    const common = await createUser(t.database.db);
    const { befriend } = await import('../../test/factories');
    await befriend(t.database.db, alice, common);
    await befriend(t.database.db, friendly, common);
    const res = (await search({ q: tag, type: 'people' }, alice)).json() as SearchResponse;
    expect(res.people.map((p) => p.id)).toEqual([byUser.id, byName.id, friendly.id, inside.id]);
    expect(res.people.find((p) => p.id === friendly.id)!.mutual_friends).toBe(1);
  });
});

describe('pagination', () => {
  it('pages without duplicates or gaps while new posts arrive between pages', async () => {
    const g = await createGroup(t.database.db, { owner });
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await createPost(t, g, owner, `Pelican report ${i}\n${'pelican '.repeat(i % 3)}`)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params: Record<string, string> = { q: 'pelican', type: 'discussions', limit: '3', group: g.slug };
      if (cursor) params.cursor = cursor;
      const res = await search(params);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as SearchResponse;
      seen.push(...body.discussions.map((d) => d.id));
      cursor = body.nextCursor;
      pages += 1;
      // A new matching post arrives after every page, ranked below the cursor (the word in its body only): it belongs
      // to the next search, not to this one's later pages.
      await createPost(t, g, owner, `News ${pages}\nsaw one pelican`);
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(made);
  });

  it('a cursor of another kind or a forged one is a 400 with the message', async () => {
    const first = (await search({ q: 'yarn', type: 'discussions', limit: '1' })).json() as SearchResponse;
    expect(first.nextCursor).toBeTruthy();
    const other = await search({ q: 'yarn', type: 'comments', cursor: first.nextCursor! });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(SEARCH_MESSAGES.cursorInvalid);
    const forged = Buffer.from(JSON.stringify(['d', 1, '1); DROP TABLE users; --', 0, 1])).toString('base64url');
    for (const cursor of ['nonsense', forged, Buffer.from('[]').toString('base64url')]) {
      const res = await search({ q: 'yarn', type: 'discussions', cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toBe(SEARCH_MESSAGES.cursorInvalid);
    }
  });
});

describe('bad input: a 400 with a message or a sane answer, never a 500', () => {
  it('an empty or punctuation-only query is a 400 with the message', async () => {
    for (const q of ['', '   ', '!!! ???', '"" - -', '\u0000']) {
      const res = await search({ q });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().message).toBe(SEARCH_MESSAGES.emptyQuery);
    }
    expect((await api().get('/api/search')).statusCode).toBe(400);
  });

  it('a 10,000-character query is a 400 saying the limit', async () => {
    const res = await search({ q: 'a'.repeat(10_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SEARCH_MESSAGES.queryTooLong);
  });

  it('a bad type is a 400 with the message', async () => {
    const res = await search({ q: 'yarn', type: 'everything' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SEARCH_MESSAGES.typeInvalid);
  });

  it.each([
    ['NUL inside words', 'yar\u0000n tea'],
    ['only operators and a stop word', '-the OR "'],
    ['unbalanced quotes', '"good book'],
    ['operators of to_tsquery', "yarn & !tea | (:* <-> '"],
    ['a lone prefix-looking word', 'the'],
    ['an at sign alone', '@ yarn'],
    ['a long word', 'x'.repeat(299)],
    ['backslashes and wildcards', '\\%_ 中%_文'],
  ])('%s: 200 for every type', async (_name, q) => {
    for (const type of ['all', 'discussions', 'comments', 'blogs', 'communities', 'people']) {
      const res = await search({ q, type });
      expect(res.statusCode, `${type} ${res.body}`).toBe(200);
    }
  });

  it('an unbalanced quote still finds the phrase', async () => {
    expect(await found('"good book')).toHaveLength(1);
  });
});
