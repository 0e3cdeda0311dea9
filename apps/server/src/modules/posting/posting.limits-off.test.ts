import { POSTING_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/** RATE_LIMIT=off (the journeys, benchmarks) lifts the site-wide posting limits; a community's own rules still apply. */
const t = useTestApp({ rateLimit: false });
const api = client(t);

describe('posting limits with RATE_LIMIT=off', () => {
  it("a new account posts the same text again and more than 3 times; the community's blocked words still refuse", async () => {
    const owner = await createUser(t.database.db);
    const fresh = await createUser(t.database.db, { createdAt: new Date() });
    const group = await createGroup(t.database.db, { owner, members: [{ user: fresh }] });
    for (let i = 0; i < 5; i++) {
      const res = await api.post(`/groups/${group.id}/discussions`, fresh, { content: 'Same words', mediaUrls: [] });
      expect(res.statusCode, res.body).toBe(201);
    }
    await api.put(`/api/groups/${group.id}/posting-rules`, owner, { slowModeMinutes: 0, minAccountAgeHours: 0, blockedWords: ['words'] });
    const refused = await api.post(`/groups/${group.id}/discussions`, fresh, { content: 'Same words', mediaUrls: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(POSTING_MESSAGES.blockedWord('words'));
  });
});
