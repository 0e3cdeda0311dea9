import { AUTH_MESSAGES, GROUP_MESSAGES, groupNameKey, TEXT_MESSAGES } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { backfillGroupNameKeys } from '../../db/migrate';
import { uniqueViolation } from '../../lib/pg-errors';
import { createUser } from '../../test/factories';
import { client, useTestApp } from '../../test/test-app';

/** Issue 12 §1.10: look-alike community names are duplicates; text direction controls are refused in names. */
const t = useTestApp({ rateLimit: false });
const { send } = client(t);

describe('look-alike community names', () => {
  it('refuses fullwidth, Cyrillic and cased copies of an existing name with 409, naming the existing one', async () => {
    const user = await createUser(t.database.db);
    expect((await send('POST', '/api/groups', user, { group_name: 'Paypal' })).statusCode).toBe(201);
    expect((await send('POST', '/api/groups', user, { group_name: 'Hpaypal' })).statusCode).toBe(201);
    for (const name of ['Ｐａｙｐａｌ', '\u0420\u0430\u0443\u0440\u0430l', 'PayPaI', 'H\u0440\u0430ypal']) {
      const res = await send('POST', '/api/groups', user, { group_name: name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ code: 'group_name_taken', message: expect.stringContaining('already exists') });
    }
    const cyrillic = await send('POST', '/api/groups', user, { group_name: '\u0420\u0430\u0443\u0440\u0430l' });
    expect(cyrillic.json().message).toBe(GROUP_MESSAGES.nameTaken('Paypal'));
    const [row] = await t.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM groups WHERE name_key = ${groupNameKey('Paypal')}`;
    expect(row!.n).toBe(1);
  });

  it('refuses a rename to a look-alike of another community', async () => {
    const user = await createUser(t.database.db);
    expect((await send('POST', '/api/groups', user, { group_name: 'Chess Club' })).statusCode).toBe(201);
    const mine = (await send('POST', '/api/groups', user, { group_name: 'Mine' })).json();
    const res = await send('PUT', `/api/groups/${mine.group_id}`, user, { group_name: '\u0421h\u0435ss \u0421lub' });
    expect(res.statusCode).toBe(409);
  });

  it('refuses a name with a right-to-left override (the reversed name renders like the original) with 400', async () => {
    const user = await createUser(t.database.db);
    const res = await send('POST', '/api/groups', user, { group_name: '\u202Elapyap' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT_MESSAGES.bidiControls);
    const isolate = await send('POST', '/api/groups', user, { group_name: 'Fine \u2067name\u2069' });
    expect(isolate.json().message).toBe(TEXT_MESSAGES.bidiControls);
  });

  it('refuses a username with a text direction control with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Eve',
        lastName: 'Spoof',
        email: 'eve-bidi@example.com',
        username: '\u202Enimda',
        password: 'a long passphrase 9',
        confirmPassword: 'a long passphrase 9',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT_MESSAGES.bidiControls);
    expect(res.json().message).not.toBe(AUTH_MESSAGES.usernameInvalid);
  });

  it('the database refuses a second row with the same key (groups_name_key_uq)', async () => {
    const owner = await createUser(t.database.db);
    await t.database
      .sql`INSERT INTO groups (slug, group_name, name_key, owner_id) VALUES ('db-a', 'Db Guard', ${groupNameKey('Db Guard')}, ${owner.id})`;
    const error = await t.database.sql`
      INSERT INTO groups (slug, group_name, name_key, owner_id) VALUES ('db-b', 'Ｄｂ Ｇｕａｒｄ', ${groupNameKey('Ｄｂ Ｇｕａｒｄ')}, ${owner.id})`.catch(
      (e: unknown) => e,
    );
    expect(uniqueViolation(error)).toBe('groups_name_key_uq');
  });

  it('the backfill fills keys of older rows; of a legacy look-alike pair the older keeps the key', async () => {
    const owner = await createUser(t.database.db);
    await t.database.sql`INSERT INTO groups (slug, group_name, owner_id) VALUES ('legacy-a', 'Legacy Name', ${owner.id})`;
    await t.database.sql`INSERT INTO groups (slug, group_name, owner_id) VALUES ('legacy-b', 'Ｌｅｇａｃｙ Ｎａｍｅ', ${owner.id})`;
    await t.database.sql`INSERT INTO groups (slug, group_name, owner_id) VALUES ('legacy-c', 'Other Legacy', ${owner.id})`;
    expect(await backfillGroupNameKeys(t.database.db)).toEqual({ filled: 2, skipped: 1 });
    const rows = await t.database.sql<{ slug: string; key: string | null }[]>`
      SELECT slug, name_key AS key FROM groups WHERE slug LIKE 'legacy-%' ORDER BY slug`;
    expect(rows).toEqual([
      { slug: 'legacy-a', key: groupNameKey('Legacy Name') },
      { slug: 'legacy-b', key: null },
      { slug: 'legacy-c', key: groupNameKey('Other Legacy') },
    ]);
    expect(await backfillGroupNameKeys(t.database.db)).toEqual({ filled: 0, skipped: 1 });
    const user = await createUser(t.database.db);
    expect((await send('POST', '/api/groups', user, { group_name: 'LEGACY name' })).statusCode).toBe(409);
  });
});
