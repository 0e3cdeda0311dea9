// Over 400 lines: every friends route (request, cancel, accept, reject, unfriend, lists, suggestions, status) against
// one set of people; split when a route gains its own world.
import { describe, expect, it } from 'vitest';
import { FRIEND_MESSAGES } from '@agora/contract';
import { befriend, createGroup, createUser, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp({ rateLimit: false });

const post = (user: TestUser, path: string, payload: object) => t.app.inject({ method: 'POST', url: path, headers: user.auth, payload });
const get = (user: TestUser, path: string) => t.app.inject({ method: 'GET', url: path, headers: user.auth });

async function status(of: TestUser, towards: TestUser): Promise<string> {
  const res = await get(of, `/friends/status/check?user1=${of.id}&user2=${towards.id}`);
  expect(res.statusCode).toBe(200);
  return res.json().status as string;
}

async function statuses(a: TestUser, b: TestUser): Promise<[string, string]> {
  return [await status(a, b), await status(b, a)];
}

type NotificationRow = { id: number; noti_type: string; sender_id: number | null; noti_link: string | null; noti_content: string };
async function notificationsOf(user: TestUser): Promise<NotificationRow[]> {
  return t.database.sql<NotificationRow[]>`
    SELECT id, noti_type, sender_id, noti_link, noti_content FROM notifications WHERE user_id = ${user.id} ORDER BY id`;
}

async function pairRows(a: TestUser, b: TestUser) {
  return t.database.sql<{ requester_id: number; addressee_id: number; status: string }[]>`
    SELECT requester_id, addressee_id, status FROM friendships
    WHERE least(requester_id, addressee_id) = ${Math.min(a.id, b.id)} AND greatest(requester_id, addressee_id) = ${Math.max(a.id, b.id)}`;
}

type Nine = [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
/** `n` (at most 9) new users; destructure as many as asked for. */
async function users(n: number, prefix?: string): Promise<Nine> {
  const list: TestUser[] = [];
  for (let i = 0; i < n; i += 1)
    list.push(await createUser(t.database.db, prefix ? { username: `${prefix}${i}_${Date.now() % 100000}` } : {}));
  return list as Nine;
}

describe('every friends route needs sign-in', () => {
  it.each([
    ['GET', '/friends/1/friends'],
    ['GET', '/friends/1/mutual'],
    ['GET', '/friends/suggestions'],
    ['GET', '/friends/status/check?user1=1&user2=2'],
    ['POST', '/friends/request'],
    ['POST', '/friends/cancel'],
    ['POST', '/friends/unfriend'],
    ['POST', '/friends/accept'],
    ['POST', '/friends/reject'],
    ['POST', '/friends/respond'],
    ['GET', '/api/friends/1/friends'],
    ['POST', '/api/friends/request'],
  ])('%s %s → 401', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('friend requests (SPEC §4 friend relation, from both sides)', () => {
  it('sends a request: pending_sent for the sender, pending_received for the addressee, who is notified', async () => {
    const [ada, bob] = await users(2);
    const res = await post(ada, '/friends/request', { addressee_id: bob.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.requestSent, userId: bob.id, status: 'pending_sent' });
    expect(await statuses(ada, bob)).toEqual(['pending_sent', 'pending_received']);
    expect(await notificationsOf(bob)).toEqual([
      expect.objectContaining({
        noti_type: 'friend_request',
        sender_id: ada.id,
        noti_link: `/?profile=${ada.id}`,
        noti_content: `${ada.username} sent you a friend request`,
      }),
    ]);
    expect(await notificationsOf(ada)).toEqual([]);
  });

  it('works under /api too, and accepts the requester_id when it is the caller’s own', async () => {
    const [ada, bob] = await users(2);
    const res = await post(ada, '/api/friends/request', { requester_id: ada.id, addressee_id: String(bob.id) });
    expect(res.statusCode).toBe(200);
    expect(await statuses(ada, bob)).toEqual(['pending_sent', 'pending_received']);
  });

  it('refuses a requester_id naming someone else (403) and writes nothing', async () => {
    const [ada, bob, eve] = await users(3);
    const res = await post(eve, '/friends/request', { requester_id: ada.id, addressee_id: bob.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: FRIEND_MESSAGES.actAsYourself });
    expect(await pairRows(ada, bob)).toEqual([]);
    expect(await pairRows(eve, bob)).toEqual([]);
    expect(await notificationsOf(bob)).toEqual([]);
  });

  it('refuses a request to oneself (400), to nobody (404) and a malformed id (400)', async () => {
    const [ada] = await users(1);
    const self = await post(ada, '/friends/request', { addressee_id: ada.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: FRIEND_MESSAGES.notSelf, fields: { addressee_id: FRIEND_MESSAGES.notSelf } });
    const nobody = await post(ada, '/friends/request', { addressee_id: 2_000_000_000 });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('user_not_found');
    expect((await post(ada, '/friends/request', { addressee_id: 'abc' })).statusCode).toBe(400);
    expect((await post(ada, '/friends/request', {})).statusCode).toBe(400);
  });

  it('sending again while pending changes nothing and notifies nobody twice', async () => {
    const [ada, bob] = await users(2);
    await post(ada, '/friends/request', { addressee_id: bob.id });
    const again = await post(ada, '/friends/request', { addressee_id: bob.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('pending_sent');
    expect(await pairRows(ada, bob)).toHaveLength(1);
    expect(await notificationsOf(bob)).toHaveLength(1);
  });

  it('a request while one is pending the other way accepts it: one friendship for the pair', async () => {
    const [ada, bob] = await users(2);
    await post(ada, '/friends/request', { addressee_id: bob.id });
    const res = await post(bob, '/friends/request', { addressee_id: ada.id });
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.requestAccepted, userId: ada.id, status: 'friends' });
    expect(await pairRows(ada, bob)).toEqual([{ requester_id: ada.id, addressee_id: bob.id, status: 'accepted' }]);
    expect(await statuses(ada, bob)).toEqual(['friends', 'friends']);
    // Bob's request item is answered, so it is removed; Ada learns of the acceptance.
    expect(await notificationsOf(bob)).toEqual([]);
    expect((await notificationsOf(ada)).map((n) => [n.noti_type, n.sender_id])).toEqual([['friend_request_accepted', bob.id]]);
  });

  it('crossed requests sent at the same moment still make one row', async () => {
    const [ada, bob] = await users(2);
    const answers = await Promise.all([
      post(ada, '/friends/request', { addressee_id: bob.id }),
      post(bob, '/friends/request', { addressee_id: ada.id }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await pairRows(ada, bob)).toHaveLength(1);
    expect(answers.map((r) => r.json().status).sort()).toEqual(['friends', 'pending_sent']);
    expect(await statuses(ada, bob)).toEqual(['friends', 'friends']);
  });

  it('a request to a friend is a 409', async () => {
    const [ada, bob] = await users(2);
    await befriend(t.database.db, ada, bob);
    for (const [from, to] of [
      [ada, bob],
      [bob, ada],
    ] as const) {
      const res = await post(from, '/friends/request', { addressee_id: to.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'already_friends', message: FRIEND_MESSAGES.alreadyFriends });
    }
  });
});

describe('answering, withdrawing and ending', () => {
  async function pending(): Promise<[TestUser, TestUser, TestUser]> {
    const [ada, bob, eve] = await users(3);
    expect((await post(ada, '/friends/request', { addressee_id: bob.id })).statusCode).toBe(200);
    return [ada, bob, eve];
  }

  it('the addressee accepts: friends both ways, the requester is notified, the request item goes', async () => {
    const [ada, bob] = await pending();
    const res = await post(bob, '/friends/accept', { requester_id: ada.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.requestAccepted, userId: ada.id, status: 'friends' });
    expect(await statuses(ada, bob)).toEqual(['friends', 'friends']);
    expect(await notificationsOf(bob)).toEqual([]);
    expect(await notificationsOf(ada)).toEqual([
      expect.objectContaining({
        noti_type: 'friend_request_accepted',
        sender_id: bob.id,
        noti_link: `/?profile=${bob.id}`,
        noti_content: `${bob.username} accepted your friend request`,
      }),
    ]);
  });

  it('only the addressee answers: the requester and a third party get 404 and nothing changes', async () => {
    const [ada, bob, eve] = await pending();
    for (const [who, requester] of [
      [ada, bob],
      [ada, ada],
      [eve, ada],
    ] as const) {
      for (const path of ['/friends/accept', '/friends/reject']) {
        const res = await post(who, path, { requester_id: requester.id });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('friend_request_not_found');
      }
    }
    expect(await statuses(ada, bob)).toEqual(['pending_sent', 'pending_received']);
    expect(await notificationsOf(bob)).toHaveLength(1);
    expect(await notificationsOf(ada)).toEqual([]);
  });

  it('the addressee rejects: nothing between them, the requester is told, and may ask again', async () => {
    const [ada, bob] = await pending();
    const res = await post(bob, '/friends/reject', { requester_id: ada.id });
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.requestRejected, userId: ada.id, status: 'not_friends' });
    expect(await statuses(ada, bob)).toEqual(['not_friends', 'not_friends']);
    expect(await pairRows(ada, bob)).toEqual([]);
    expect(await notificationsOf(bob)).toEqual([]);
    expect((await notificationsOf(ada)).map((n) => [n.noti_type, n.sender_id, n.noti_content])).toEqual([
      ['friend_request_rejected', bob.id, `${bob.username} declined your friend request`],
    ]);
    expect((await post(ada, '/friends/request', { addressee_id: bob.id })).json().status).toBe('pending_sent');
  });

  it('the requester cancels: the request and its notification go; only their own request can be cancelled', async () => {
    const [ada, bob, eve] = await pending();
    expect((await post(eve, '/friends/cancel', { requester_id: ada.id, addressee_id: bob.id })).statusCode).toBe(403);
    const byAddressee = await post(bob, '/friends/cancel', { addressee_id: ada.id });
    expect(byAddressee.statusCode).toBe(404);
    expect(await statuses(ada, bob)).toEqual(['pending_sent', 'pending_received']);
    const res = await post(ada, '/friends/cancel', { addressee_id: bob.id });
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.requestCancelled, userId: bob.id, status: 'not_friends' });
    expect(await pairRows(ada, bob)).toEqual([]);
    expect(await notificationsOf(bob)).toEqual([]);
    const again = await post(ada, '/friends/cancel', { addressee_id: bob.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'friend_request_not_found', message: FRIEND_MESSAGES.requestNotFound });
  });

  it('cancel cannot end a friendship', async () => {
    const [ada, bob] = await users(2);
    await befriend(t.database.db, ada, bob);
    expect((await post(ada, '/friends/cancel', { addressee_id: bob.id })).statusCode).toBe(404);
    expect(await statuses(ada, bob)).toEqual(['friends', 'friends']);
  });

  it('either friend unfriends; a third party cannot, and a second unfriend is a 404', async () => {
    const [ada, bob, eve] = await users(3);
    await befriend(t.database.db, ada, bob);
    const byEve = await post(eve, '/friends/unfriend', { other_user_id: ada.id });
    expect(byEve.statusCode).toBe(404);
    expect(byEve.json().code).toBe('not_friends');
    expect(await statuses(ada, bob)).toEqual(['friends', 'friends']);
    const res = await post(bob, '/friends/unfriend', { other_user_id: ada.id });
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.unfriended, userId: ada.id, status: 'not_friends' });
    expect(await statuses(ada, bob)).toEqual(['not_friends', 'not_friends']);
    expect((await post(ada, '/friends/unfriend', { other_user_id: bob.id })).statusCode).toBe(404);
  });

  it('unfriend does not withdraw a pending request', async () => {
    const [ada, bob] = await pending();
    expect((await post(ada, '/friends/unfriend', { other_user_id: bob.id })).statusCode).toBe(404);
    expect(await statuses(ada, bob)).toEqual(['pending_sent', 'pending_received']);
  });
});

describe('POST /friends/respond (the notifications panel)', () => {
  async function requestItem(): Promise<[TestUser, TestUser, number]> {
    const [ada, bob] = await users(2);
    await post(ada, '/friends/request', { addressee_id: bob.id });
    const [item] = await notificationsOf(bob);
    return [ada, bob, item!.id];
  }

  it('accepts through the notification', async () => {
    const [ada, bob, id] = await requestItem();
    const res = await post(bob, '/friends/respond', { notificationId: id, accept: true });
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.respondAccepted, userId: ada.id, status: 'friends' });
    expect(await statuses(ada, bob)).toEqual(['friends', 'friends']);
    expect(await notificationsOf(bob)).toEqual([]);
  });

  it('declines through the notification', async () => {
    const [ada, bob, id] = await requestItem();
    const res = await post(bob, '/friends/respond', { notificationId: String(id), accept: 'false' });
    expect(res.json()).toEqual({ message: FRIEND_MESSAGES.respondDeclined, userId: ada.id, status: 'not_friends' });
    expect(await statuses(ada, bob)).toEqual(['not_friends', 'not_friends']);
    expect(await notificationsOf(bob)).toEqual([]);
    expect((await notificationsOf(ada)).map((n) => n.noti_type)).toEqual(['friend_request_rejected']);
  });

  it('refuses someone else’s notification (404) and a notification of another type, changing nothing', async () => {
    const [ada, bob, id] = await requestItem();
    const [eve] = await users(1);
    for (const who of [eve, ada]) {
      const res = await post(who, '/friends/respond', { notificationId: id, accept: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('notification_not_found');
    }
    await post(bob, '/friends/reject', { requester_id: ada.id });
    const [rejected] = await notificationsOf(ada);
    expect((await post(ada, '/friends/respond', { notificationId: rejected!.id, accept: true })).statusCode).toBe(404);
    expect(await statuses(ada, bob)).toEqual(['not_friends', 'not_friends']);
    expect((await post(bob, '/friends/respond', { notificationId: id, accept: 'maybe' })).statusCode).toBe(400);
  });
});

describe('GET /friends/status/check', () => {
  it('answers only user1 or user2 (403 for anyone else), from user1’s side', async () => {
    const [ada, bob, eve] = await users(3);
    await post(ada, '/friends/request', { addressee_id: bob.id });
    expect((await get(bob, `/friends/status/check?user1=${ada.id}&user2=${bob.id}`)).json()).toEqual({ status: 'pending_sent' });
    const third = await get(eve, `/friends/status/check?user1=${ada.id}&user2=${bob.id}`);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(FRIEND_MESSAGES.statusForbidden);
    expect((await get(ada, `/friends/status/check?user1=${ada.id}&user2=${ada.id}`)).statusCode).toBe(400);
    expect((await get(ada, `/friends/status/check?user1=${ada.id}`)).statusCode).toBe(400);
    expect(await status(ada, eve)).toBe('not_friends');
  });
});

describe('friends lists', () => {
  it('lists a user’s friends alphabetically with the total, paginated, in the SPEC §3 shape; pending ones are not friends', async () => {
    const [owner] = await users(1);
    const stamp = Date.now() % 100000;
    const names = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'].map((n) => `${n}_${stamp}`);
    const friends: TestUser[] = [];
    for (const username of names) friends.push(await createUser(t.database.db, { username, bio: `bio ${username.slice(0, 5)}` }));
    for (const [i, friend] of friends.entries()) {
      if (i % 2 === 0) await befriend(t.database.db, owner!, friend);
      else await befriend(t.database.db, friend, owner!);
    }
    const [stranger] = await users(1);
    await post(stranger!, '/friends/request', { addressee_id: owner!.id });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(stranger!, `/friends/${owner!.id}/friends?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(5);
      seen.push(...body.friends.map((f: { username: string }) => f.username));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const first = (await get(owner!, `/friends/${owner!.id}/friends`)).json().friends[0];
    expect(first).toEqual({ id: friends[1]!.id, username: names[1], user_dp: null, user_banner: null, user_bio: 'bio Alpha' });
  });

  it('answers 404 for a user who does not exist, an empty list for one without friends, 400 for a bad cursor', async () => {
    const [ada] = await users(1);
    expect((await get(ada!, '/friends/2000000000/friends')).json().code).toBe('user_not_found');
    expect((await get(ada!, `/friends/${ada!.id}/friends`)).json()).toEqual({ friends: [], total: 0, nextCursor: null });
    expect((await get(ada!, `/friends/${ada!.id}/friends?cursor=nope`)).statusCode).toBe(400);
    expect((await get(ada!, `/friends/0/friends`)).statusCode).toBe(400);
  });

  it('lists mutual friends: those the viewer and the user both have', async () => {
    const [me, other, both1, both2, onlyMine, onlyTheirs] = await users(6);
    for (const f of [both1!, both2!, onlyMine!]) await befriend(t.database.db, me!, f);
    for (const f of [both1!, both2!, onlyTheirs!]) await befriend(t.database.db, f, other!);
    const res = await get(me!, `/friends/${other!.id}/mutual?limit=1`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.friends).toHaveLength(1);
    const next = (await get(me!, `/friends/${other!.id}/mutual?cursor=${body.nextCursor}`)).json();
    expect([...body.friends, ...next.friends].map((f: { id: number }) => f.id).sort()).toEqual([both1!.id, both2!.id].sort());
    expect(next.nextCursor).toBeNull();
    expect((await get(me!, '/friends/2000000000/mutual')).statusCode).toBe(404);
  });
});

describe('GET /friends/suggestions', () => {
  it('never suggests the caller, friends, or anyone with a pending request either way', async () => {
    const prefix = `sg${Date.now() % 100000}_`;
    const [me, friend, asked, asker, free] = await users(5, prefix);
    await befriend(t.database.db, me!, friend!);
    await post(me!, '/friends/request', { addressee_id: asked!.id });
    await post(asker!, '/friends/request', { addressee_id: me!.id });
    const res = await get(me!, `/friends/suggestions?search=${prefix}&limit=50`);
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions.map((s: { id: number }) => s.id)).toEqual([free!.id]);
    expect(res.json().suggestions[0]).toEqual({
      id: free!.id,
      username: free!.username,
      user_dp: null,
      mutualCount: 0,
      sharedCommunities: 0,
    });
  });

  it('ranks by mutual friends, then shared communities (small ones only), then the rest', async () => {
    const prefix = `rk${Date.now() % 100000}_`;
    const [me, f1, f2, twoMutual, oneMutual, sharedTwice, sharedOnce, inBigGroup, nobody] = await users(9, prefix);
    for (const f of [f1!, f2!]) await befriend(t.database.db, me!, f);
    await befriend(t.database.db, f1!, twoMutual!);
    await befriend(t.database.db, twoMutual!, f2!);
    await befriend(t.database.db, oneMutual!, f1!);
    const g1 = await createGroup(t.database.db, { owner: me!, members: [{ user: sharedTwice! }, { user: sharedOnce! }] });
    await createGroup(t.database.db, { owner: sharedTwice!, members: [{ user: me! }] });
    const big = await createGroup(t.database.db, { owner: inBigGroup!, members: [{ user: me! }] });
    // A community above the size limit says nothing about knowing each other: its members are not "shared".
    await t.database.sql`UPDATE groups SET member_count = 5001 WHERE id = ${big.id}`;
    expect(g1.id).toBeGreaterThan(0);

    const res = await get(me!, `/friends/suggestions?search=${prefix.toUpperCase()}`);
    const list = res.json().suggestions as { id: number; mutualCount: number; sharedCommunities: number }[];
    expect(list.map((s) => [s.id, s.mutualCount, s.sharedCommunities])).toEqual([
      [twoMutual!.id, 2, 0],
      [oneMutual!.id, 1, 0],
      [sharedTwice!.id, 0, 2],
      [sharedOnce!.id, 0, 1],
      [inBigGroup!.id, 0, 0],
      [nobody!.id, 0, 0],
    ]);
  });

  it('filters by username prefix in any case, matches % and _ literally, and pages without repeats', async () => {
    const stamp = Date.now() % 100000;
    const [me] = await users(1);
    const matching: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) matching.push(await createUser(t.database.db, { username: `Zq${stamp}_${i}` }));
    await createUser(t.database.db, { username: `xZq${stamp}` });
    await befriend(t.database.db, me!, matching[0]!);
    await befriend(t.database.db, matching[0]!, matching[1]!); // one mutual friend: ranked first
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(me!, `/friends/suggestions?search=zQ${stamp}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...res.json().suggestions.map((s: { id: number }) => s.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(ids).toEqual([matching[1]!.id, matching[2]!.id, matching[3]!.id, matching[4]!.id]);
    expect((await get(me!, `/friends/suggestions?search=zq${stamp}%25`)).json().suggestions).toEqual([]);
    expect((await get(me!, `/friends/suggestions?search=zq${stamp}_`)).json().suggestions).toHaveLength(4);
    expect((await get(me!, `/friends/suggestions?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });
});
