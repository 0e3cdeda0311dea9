/**
 * Who is online, and who may know it (decision 0089: friends only). This registry counts the sockets of this
 * process: with one node it is the whole truth; with several (DATABASE_URL or REDIS_URL), cluster/presence.ts keeps
 * who is online in the shared store and uses this registry for the local counts and friend sets (decision
 * 0133, superseding 0090).
 *
 * - A user is online while at least one of their sockets is connected (tabs and devices counted together).
 * - Each user with a socket (connected or connecting) has their friend set cached, loaded once from the database
 *   and kept current by friendship events, so a presence change costs no query.
 * - Every change returns the lists to send: for each user whose list of online friends changed, that list.
 */
export type PresenceUpdate = { userId: number; online: number[] };

export class PresenceRegistry {
  /** Connected sockets per user. */
  private readonly connections = new Map<number, number>();
  /** Sockets connecting or connected per user: the friend set is kept while this is above 0. */
  private readonly holds = new Map<number, number>();
  private readonly friends = new Map<number, Set<number>>();
  private readonly loading = new Map<number, Promise<void>>();
  /** Friendship changes that arrived while the user's friend set was being loaded, replayed onto it. */
  private readonly pendingChanges = new Map<number, [other: number, friends: boolean][]>();

  constructor(private readonly loadFriendIds: (userId: number) => Promise<number[]>) {}

  /** A socket of the user is connecting: their friend set is loaded (once per user) and kept until `release`. */
  async hold(userId: number): Promise<void> {
    this.holds.set(userId, (this.holds.get(userId) ?? 0) + 1);
    try {
      while (!this.friends.has(userId)) await this.load(userId);
    } catch (error) {
      this.release(userId);
      throw error;
    }
  }

  /** The socket that held the user's friend set is gone (or never connected). */
  release(userId: number): void {
    const left = (this.holds.get(userId) ?? 1) - 1;
    if (left > 0) {
      this.holds.set(userId, left);
      return;
    }
    this.holds.delete(userId);
    this.friends.delete(userId);
  }

  private load(userId: number): Promise<void> {
    let loading = this.loading.get(userId);
    if (!loading) {
      this.pendingChanges.set(userId, []);
      loading = this.loadFriendIds(userId)
        .then((ids) => {
          const set = new Set(ids);
          for (const [other, friends] of this.pendingChanges.get(userId) ?? []) {
            if (friends) set.add(other);
            else set.delete(other);
          }
          if (this.holds.has(userId)) this.friends.set(userId, set);
        })
        .finally(() => {
          this.loading.delete(userId);
          this.pendingChanges.delete(userId);
        });
      this.loading.set(userId, loading);
    }
    return loading;
  }

  isOnline(userId: number): boolean {
    return this.connections.has(userId);
  }

  /** Ids of the user's friends with a live socket. */
  onlineFriendsOf(userId: number): number[] {
    return [...(this.friends.get(userId) ?? [])].filter((id) => this.connections.has(id));
  }

  private listsOfOnlineFriends(userId: number): PresenceUpdate[] {
    return this.onlineFriendsOf(userId).map((friend) => ({ userId: friend, online: this.onlineFriendsOf(friend) }));
  }

  /** A held socket connected. When it is the user's first, their online friends get new lists. */
  connect(userId: number): PresenceUpdate[] {
    const count = (this.connections.get(userId) ?? 0) + 1;
    this.connections.set(userId, count);
    return count === 1 ? this.listsOfOnlineFriends(userId) : [];
  }

  /** A connected socket closed. When it was the user's last, their online friends get new lists. */
  disconnect(userId: number): PresenceUpdate[] {
    const left = (this.connections.get(userId) ?? 1) - 1;
    if (left > 0) {
      this.connections.set(userId, left);
      return [];
    }
    this.connections.delete(userId);
    return this.listsOfOnlineFriends(userId);
  }

  /** Two users became or stopped being friends (after commit): both cached sets change; online ones get new lists. */
  friendshipChanged(a: number, b: number, friends: boolean): PresenceUpdate[] {
    for (const [user, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const set = this.friends.get(user);
      if (set) {
        if (friends) set.add(other);
        else set.delete(other);
      }
      this.pendingChanges.get(user)?.push([other, friends]);
    }
    if (!this.connections.has(a) || !this.connections.has(b)) return [];
    return [
      { userId: a, online: this.onlineFriendsOf(a) },
      { userId: b, online: this.onlineFriendsOf(b) },
    ];
  }

  /** The user's cached friend ids (empty unless one of their sockets holds the set). */
  friendsOf(userId: number): number[] {
    return [...(this.friends.get(userId) ?? [])];
  }

  /** Users with a socket connected here whose friend set holds `friendId` (several nodes: cluster/presence.ts). */
  connectedFriendsOf(friendId: number): number[] {
    const found: number[] = [];
    for (const [user, set] of this.friends) if (set.has(friendId) && this.connections.has(user)) found.push(user);
    return found;
  }

  /** Users with a live socket (for measurements). */
  get onlineCount(): number {
    return this.connections.size;
  }
}
