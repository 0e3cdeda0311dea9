// SEARCH_LANGUAGE (issue 16 §1): the index and the queries follow the setting; `simple` works for any script, and a
// change rebuilds the vectors of the rows already there (decision 0117).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@agora/contract';
import { loadConfig } from '../../plugins/config';
import { createGroup, createPost, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';
import { syncSearchLanguage } from './search-language';

const t = useTestApp({ rateLimit: false, configure: (c) => ({ ...c, searchLanguage: 'simple' }) });

const found = async (q: string): Promise<string[]> => {
  const res = await client(t).get(`/api/search?type=discussions&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResponse).discussions.map((d) => d.discussion_content);
};

// What main.ts does at start, after the migrations.
beforeAll(async () => {
  expect(await syncSearchLanguage(t.database.db, t.config.searchLanguage)).toEqual({ rebuilt: true });
});

describe('SEARCH_LANGUAGE=simple', () => {
  it('is written to search_settings at start, and the triggers index with it', async () => {
    const [row] = await t.database.sql<{ language: string }[]>`SELECT language FROM search_settings`;
    expect(row!.language).toBe('simple');
    const owner = await createUser(t.database.db);
    const g = await createGroup(t.database.db, { owner });
    await createPost(t, g, owner, 'The runners were running\nΚαλημέρα κόσμε, доброе утро');
    // No stemming and no stop words: the words as written, in any script.
    expect(await found('running')).toHaveLength(1);
    expect(await found('run')).toHaveLength(1); // the prefix of "runners"/"running"
    expect(await found('ran')).toEqual([]);
    expect(await found('the')).toHaveLength(1);
    expect(await found('κόσμε')).toHaveLength(1);
    expect(await found('утро')).toHaveLength(1);
    const [vector] = await t.database.sql<{ v: string }[]>`SELECT search_vector::text AS v FROM discussions`;
    expect(vector!.v).toContain("'running':4A");
  });

  it('a change of language rebuilds every vector; an unknown one stops the start', async () => {
    expect(await syncSearchLanguage(t.database.db, 'english')).toEqual({ rebuilt: true });
    const [english] = await t.database.sql<{ v: string }[]>`SELECT search_vector::text AS v FROM discussions`;
    expect(english!.v).toContain("'run':4A");
    expect(await syncSearchLanguage(t.database.db, 'english')).toEqual({ rebuilt: false });
    expect(await syncSearchLanguage(t.database.db, 'simple')).toEqual({ rebuilt: true });
    await expect(syncSearchLanguage(t.database.db, 'klingon')).rejects.toThrow(/no text search configuration named "klingon"/);
    const [row] = await t.database.sql<{ language: string }[]>`SELECT language FROM search_settings`;
    expect(row!.language).toBe('simple');
  });

  it('the setting is a configuration name: anything else is refused when the config loads', () => {
    expect(loadConfig({ ...process.env, SEARCH_LANGUAGE: undefined }).searchLanguage).toBe('english');
    expect(loadConfig({ ...process.env, SEARCH_LANGUAGE: 'simple' }).searchLanguage).toBe('simple');
    expect(() => loadConfig({ ...process.env, SEARCH_LANGUAGE: "english'; DROP" })).toThrow(/SEARCH_LANGUAGE/);
  });
});
