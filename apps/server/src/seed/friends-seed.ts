import type { Tx } from '../db/client';
import { acceptPendingRequest, insertFriendRequest } from '../modules/friends/friends.queries';
import { notifyFriendEvent } from '../modules/notifications/notifications.writer';

/** Demo friendships (accepted), so the friends panel, profiles and suggestions have something to show. */
const DEMO_FRIENDS: [string, string][] = [
  ['maya_chen', 'leo_okafor'],
  ['maya_chen', 'sofia_ramos'],
  ['maya_chen', 'arjun_patel'],
  ['maya_chen', 'priya_nair'],
  ['leo_okafor', 'sofia_ramos'],
  ['leo_okafor', 'noah_kim'],
  ['sofia_ramos', 'amara_diallo'],
  ['hannah_berg', 'sam_taylor'],
  ['noah_kim', 'amara_diallo'],
  ['lucas_moreau', 'yuki_tanaka'],
  ['priya_nair', 'tom_walsh'],
  ['arjun_patel', 'tom_walsh'],
];

/** Pending requests (requester, addressee): each addressee has a friend_request notification to answer. */
const DEMO_REQUESTS: [string, string][] = [
  ['sam_taylor', 'maya_chen'],
  ['maya_chen', 'lucas_moreau'],
];

/**
 * The demo friendships and pending requests, written with the queries and the notification writer the API uses,
 * in the caller's transaction.
 */
export async function seedDemoFriends(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const id = (username: string) => {
    const value = userIds.get(username);
    if (value === undefined) throw new Error(`Demo friendship refers to unknown demo user ${username}`);
    return value;
  };
  for (const [a, b] of DEMO_FRIENDS) {
    await insertFriendRequest(tx, id(a), id(b));
    await acceptPendingRequest(tx, id(a), id(b));
  }
  for (const [from, to] of DEMO_REQUESTS) {
    await insertFriendRequest(tx, id(from), id(to));
    await notifyFriendEvent(tx, { type: 'friend_request', recipientId: id(to), actor: { id: id(from), username: from } });
  }
}
