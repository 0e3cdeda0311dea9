import { GROUP_LIMITS } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/** Issue 12 §1.7: former slugs are bounded and an exact name takes back a slug a rename left behind. */
const t = useTestApp({ rateLimit: false });
const { send } = client(t);

async function create(user: TestUser, name: string): Promise<{ id: number; slug: string }> {
  const res = await send('POST', '/api/groups', user, { group_name: name });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().group_id, slug: res.json().slug };
}
async function slugsOf(groupId: number): Promise<string[]> {
  const rows = await t.database.sql<{ slug: string }[]>`SELECT slug FROM group_slugs WHERE group_id = ${groupId} ORDER BY slug`;
  return rows.map((r) => r.slug);
}

describe('former slugs', () => {
  it('keeps the current slug and the last 3 former ones; older ones are freed', async () => {
    const owner = await createUser(t.database.db);
    const group = await create(owner, 'Churn 0');
    for (let i = 1; i <= 5; i++)
      expect((await send('PUT', `/api/groups/${group.id}`, owner, { group_name: `Churn ${i}` })).statusCode).toBe(200);
    expect(GROUP_LIMITS.formerSlugsKept).toBe(3);
    expect(await slugsOf(group.id)).toEqual(['churn-2', 'churn-3', 'churn-4', 'churn-5']);
    // A recent former slug still redirects; a pruned one is gone.
    expect((await send('GET', '/groups/churn-3', null)).json().group.id).toBe(group.id);
    expect((await send('GET', '/groups/churn-1', null)).statusCode).toBe(404);
    // Taking back a former slug makes it the most recent again (it is not pruned by the next rename).
    expect((await send('PUT', `/api/groups/${group.id}`, owner, { group_name: 'Churn 2' })).json().group.slug).toBe('churn-2');
    expect((await send('PUT', `/api/groups/${group.id}`, owner, { group_name: 'Churn 6' })).statusCode).toBe(200);
    expect(await slugsOf(group.id)).toEqual(['churn-2', 'churn-4', 'churn-5', 'churn-6']);
  });

  it('a new community named exactly like a former slug takes it; the old redirect is dropped', async () => {
    const squatter = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const squat = await create(squatter, 'Paypal Fans');
    expect((await send('PUT', `/api/groups/${squat.id}`, squatter, { group_name: 'Something Else' })).statusCode).toBe(200);
    expect((await send('GET', '/groups/paypal-fans', null)).json().group.id).toBe(squat.id);
    const real = await create(other, 'Paypal Fans');
    expect(real.slug).toBe('paypal-fans');
    expect((await send('GET', '/groups/paypal-fans', null)).json().group.id).toBe(real.id);
    expect(await slugsOf(squat.id)).toEqual(['something-else']);
  });

  it('a rename to that exact name takes it too; a current slug is never taken', async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const first = await create(a, 'Book Circle');
    await send('PUT', `/api/groups/${first.id}`, a, { group_name: 'Reading Room' });
    const second = await create(b, 'Garden Club');
    const renamed = await send('PUT', `/api/groups/${second.id}`, b, { group_name: 'Book Circle' });
    expect(renamed.json().group.slug).toBe('book-circle');
    expect(await slugsOf(first.id)).toEqual(['reading-room']);
    // "Reading Room" is first's current slug: a look-alike name with another spelling gets a suffix, not the slug.
    const third = await create(b, 'Reading-Room!');
    expect(third.slug).toBe('reading-room-2');
    expect((await send('GET', '/groups/reading-room', null)).json().group.id).toBe(first.id);
  });
});

describe('slugs in every script (issue 13 §10)', () => {
  it('a community named in Chinese gets a readable slug and is found by it', async () => {
    const owner = await createUser(t.database.db);
    const group = await create(owner, '北京读书会');
    expect(group.slug).toBe('bei-jing-du-shu-hui');
    expect((await send('GET', '/groups/bei-jing-du-shu-hui', null)).json().group.id).toBe(group.id);
  });
});
