import { describe, expect, it } from 'vitest';
import { SEARCH_LIMITS, SEARCH_MESSAGES } from '@agora/contract';
import { createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

// GET /api/search is the most expensive read (10-30 ms of database time at scale, docs/perf/search.md): the server
// limits it per account, or per address for visitors (SEARCH_LIMITS.searchesPerMinute; docs/SECURITY.md).
const t = useTestApp();
const api = () => client(t);

describe('the search limit', () => {
  it('refuses a signed-in person past the limit with 429 and the message; another person still searches', async () => {
    const me = await createUser(t.database.db, { username: 'limited_searcher' });
    const other = await createUser(t.database.db, { username: 'other_searcher' });
    for (let i = 0; i < SEARCH_LIMITS.searchesPerMinute; i += 1) expect((await api().get('/api/search?q=apple', me)).statusCode).toBe(200);
    const refused = await api().get('/api/search?q=apple', me);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SEARCH_MESSAGES.tooManySearches);
    expect((await api().get('/api/search?q=apple', other)).statusCode).toBe(200);
  });

  it('counts visitors by address, apart from accounts; an empty query is refused before it counts', async () => {
    for (let i = 0; i < SEARCH_LIMITS.searchesPerMinute; i += 1) expect((await api().get('/api/search?q=pear')).statusCode).toBe(200);
    const refused = await api().get('/api/search?q=pear');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SEARCH_MESSAGES.tooManySearches);
    expect((await api().get('/api/search?q=%21%21')).json().message).toBe(SEARCH_MESSAGES.emptyQuery);
  });
});
