import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES, TEXT_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createCast, uploadImage } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/** Image descriptions (alt text, issue 18 §4): `mediaAlts` beside `mediaUrls`, `alt` on each `media` item. */
const t = useTestApp();
const api = client(t);

describe('image descriptions', () => {
  it('stores descriptions given on create and returns them as `alt`; an old client without them gets ""', async () => {
    const { cast, group } = await createCast(t.database.db);
    const [a, b] = [await uploadImage(t, cast.member), await uploadImage(t, cast.member)];
    const created = await api.post(`/groups/${group.id}/discussions`, cast.member, {
      content: 'Two pictures',
      mediaUrls: [a, b],
      mediaAlts: ['  A red   kite over the hill ', null],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().discussion.media).toEqual([
      { id: expect.any(Number), media_url: a, alt: 'A red kite over the hill' },
      { id: expect.any(Number), media_url: b, alt: '' },
    ]);
    const id = created.json().discussion.id;
    const read = (await api.get(`/groups/${group.id}/discussions/${id}`)).json().discussion;
    expect(read.media.map((m: { alt: string }) => m.alt)).toEqual(['A red kite over the hill', '']);
    const feed = (await api.get(`/groups/${group.id}/discussions`)).json().discussions;
    expect(feed[0].media[0].alt).toBe('A red kite over the hill');

    // The client written against the SPEC: only `mediaUrls`.
    const c = await uploadImage(t, cast.member);
    const old = await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'Old client', mediaUrls: [c] });
    expect(old.statusCode).toBe(201);
    expect(old.json().discussion.media).toEqual([{ id: expect.any(Number), media_url: c, alt: '' }]);
  });

  it('refuses a description too long, one with control characters, or more descriptions than images, and posts nothing', async () => {
    const { cast, group } = await createCast(t.database.db);
    const a = await uploadImage(t, cast.member);
    const cases: [unknown, string][] = [
      [['x'.repeat(DISCUSSION_LIMITS.altMax + 1)], DISCUSSION_MESSAGES.altTooLong],
      [['bell\u0007'], TEXT_MESSAGES.controlChars],
      [['one', 'two'], DISCUSSION_MESSAGES.altsWithoutImages],
      [[42], DISCUSSION_MESSAGES.altNotText],
    ];
    for (const [mediaAlts, message] of cases) {
      const res = await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'Nope', mediaUrls: [a], mediaAlts });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await api.post(`/groups/${group.id}/discussions`, cast.member, {
      content: 'Exactly the limit',
      mediaUrls: [a],
      mediaAlts: ['x'.repeat(DISCUSSION_LIMITS.altMax)],
    });
    expect(ok.statusCode).toBe(201);
    expect((await api.get(`/groups/${group.id}/discussions`)).json().discussions).toHaveLength(1);
  });

  it('a repeated path keeps its first non-empty description', async () => {
    const { cast, group } = await createCast(t.database.db);
    const a = await uploadImage(t, cast.member);
    const res = await api.post(`/groups/${group.id}/discussions`, cast.member, {
      content: 'Twice',
      mediaUrls: [a, a],
      mediaAlts: ['', 'The second says it'],
    });
    expect(res.json().discussion.media).toEqual([{ id: expect.any(Number), media_url: a, alt: 'The second says it' }]);
  });

  it('the author edits descriptions on PUT (with or without a text change); absent keeps them; too many is 400', async () => {
    const { cast, group } = await createCast(t.database.db);
    const [a, b] = [await uploadImage(t, cast.member), await uploadImage(t, cast.member)];
    const post = (
      await api.post(`/groups/${group.id}/discussions`, cast.member, { content: 'Before', mediaUrls: [a, b], mediaAlts: ['First'] })
    ).json().discussion;
    const url = `/groups/${group.id}/discussions/${post.id}`;

    // Only the descriptions: the text stays, no "edited" mark, no history row.
    const historyBefore = (await api.get(`${url}/history`, cast.member)).json().versions;
    const altsOnly = await api.put(url, cast.member, { content: 'Before', mediaAlts: ['First, better', 'Second'] });
    expect(altsOnly.statusCode).toBe(200);
    expect(altsOnly.json().discussion).toMatchObject({ discussion_content: 'Before', date_edited: null });
    expect(altsOnly.json().discussion.media.map((m: { alt: string }) => m.alt)).toEqual(['First, better', 'Second']);
    expect((await api.get(`${url}/history`, cast.member)).json().versions).toEqual(historyBefore);

    // A text edit from an old client: descriptions unchanged.
    const textOnly = await api.put(url, cast.member, { content: 'After' });
    expect(textOnly.json().discussion.media.map((m: { alt: string }) => m.alt)).toEqual(['First, better', 'Second']);

    // A shorter list changes the first only.
    const shorter = await api.put(url, cast.member, { content: 'After', mediaAlts: [''] });
    expect(shorter.json().discussion.media.map((m: { alt: string }) => m.alt)).toEqual(['', 'Second']);

    const tooMany = await api.put(url, cast.member, { content: 'After again', mediaAlts: ['a', 'b', 'c'] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(DISCUSSION_MESSAGES.altsWithoutImages);
    const tooLong = await api.put(url, cast.member, { content: 'After', mediaAlts: ['x'.repeat(DISCUSSION_LIMITS.altMax + 1)] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(DISCUSSION_MESSAGES.altTooLong);
    const stored = (await api.get(url)).json().discussion;
    expect(stored.discussion_content).toBe('After');
    expect(stored.media.map((m: { alt: string }) => m.alt)).toEqual(['', 'Second']);

    // Someone else cannot.
    const other = await api.put(url, cast.admin, { content: 'After', mediaAlts: ['Mine'] });
    expect(other.statusCode).toBe(403);
  });
});
