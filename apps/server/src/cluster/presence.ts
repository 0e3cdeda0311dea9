import type { Server } from 'socket.io';
import { SOCKET_EVENTS } from '@agora/contract';
import type { PresenceRegistry } from '../plugins/presence';
import { PRESENCE_TIMING, type PresenceStore } from './presence-store';

const userRoom = (userId: number) => `user:${userId}`;
/** Server-side events between nodes (through the Socket.IO adapter). */
const PRESENCE_CHANGED = 'agora:presence';
const FRIENDSHIP_CHANGED = 'agora:friendship';

/**
 * Presence across nodes (decision 0133; online_users semantics unchanged: friends only, all tabs,
 * devices and nodes counted together). The local registry counts this node's sockets and caches friend sets; the
 * store knows which users have a socket on any live node. When a user's first socket on a node connects or the last
 * one closes (or a dead node's records are dropped), every node is told through the adapter, and each node sends
 * fresh lists to its own sockets of that user's friends. A list equal to the last one sent is not sent again.
 */
export class ClusterPresence {
  private readonly lastSent = new Map<number, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly io: Server,
    private readonly registry: PresenceRegistry,
    private readonly store: PresenceStore,
    private readonly log: (message: string, err: string) => void,
    private readonly heartbeatMs: number = PRESENCE_TIMING.heartbeatMs,
  ) {
    io.on(PRESENCE_CHANGED, (userId: number) => this.guard(this.refreshFriendsOf(userId)));
    io.on(FRIENDSHIP_CHANGED, (a: number, b: number, friends: boolean) => {
      this.registry.friendshipChanged(a, b, friends);
      this.guard(this.refresh([a, b]));
    });
  }

  async start(): Promise<void> {
    for (const userId of await this.store.leave()) this.announce(userId);
    await this.beat();
    this.timer = setInterval(() => this.guard(this.beat()), this.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    const dropped = await this.store.leave().catch(() => []);
    for (const userId of dropped) this.io.serverSideEmit(PRESENCE_CHANGED, userId);
  }

  /** The list to send a user's socket: their friends online on any node. */
  async onlineFriendsOf(userId: number): Promise<number[]> {
    const friends = this.registry.friendsOf(userId);
    const online = await this.store.onlineAmong(friends);
    return friends.filter((id) => online.has(id));
  }

  /** Whether the user has a socket on any live node (web push is sent only when not: modules/push). */
  async isOnlineAnywhere(userId: number): Promise<boolean> {
    if (this.registry.isOnline(userId)) return true;
    return (await this.store.onlineAmong([userId])).has(userId);
  }

  /** A socket connected here (already counted in the registry by the caller with `wasOnline` before). */
  async connected(userId: number, firstHere: boolean): Promise<void> {
    if (!firstHere) return;
    await this.store.add(userId);
    this.announce(userId);
  }

  /** A socket closed here; `lastHere` when it was the user's last on this node. */
  async disconnected(userId: number, lastHere: boolean): Promise<void> {
    if (!lastHere) return;
    this.lastSent.delete(userId);
    await this.store.remove(userId);
    this.announce(userId);
  }

  /** A friendship changed on this node (after commit): every node updates its cached sets and lists. */
  friendshipChanged(a: number, b: number, friends: boolean): void {
    this.registry.friendshipChanged(a, b, friends);
    this.io.serverSideEmit(FRIENDSHIP_CHANGED, a, b, friends);
    this.guard(this.refresh([a, b]));
  }

  /** Remembers what a socket of the user was just sent, so an equal list is not pushed again. */
  sent(userId: number, online: number[]): void {
    this.lastSent.set(userId, online.join(','));
  }

  private announce(userId: number): void {
    this.io.serverSideEmit(PRESENCE_CHANGED, userId);
    this.guard(this.refreshFriendsOf(userId));
  }

  private async beat(): Promise<void> {
    const dropped = await this.store.heartbeat();
    for (const userId of dropped) this.announce(userId);
  }

  private refreshFriendsOf(userId: number): Promise<void> {
    return this.refresh(this.registry.connectedFriendsOf(userId));
  }

  /** Sends fresh lists to this node's sockets of these users (those connected here). */
  private async refresh(userIds: number[]): Promise<void> {
    const here = userIds.filter((id) => this.registry.isOnline(id));
    if (here.length === 0) return;
    const online = await this.store.onlineAmong([...new Set(here.flatMap((id) => this.registry.friendsOf(id)))]);
    for (const userId of here) {
      const list = this.registry.friendsOf(userId).filter((id) => online.has(id));
      const key = list.join(',');
      if (this.lastSent.get(userId) === key) continue;
      this.lastSent.set(userId, key);
      this.io.local.to(userRoom(userId)).emit(SOCKET_EVENTS.onlineUsers, list);
    }
  }

  private guard(work: Promise<void>): void {
    work.catch((error: unknown) => this.log('presence update failed', (error as Error).message));
  }
}
