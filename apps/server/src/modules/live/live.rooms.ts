import {
  isStaff,
  type LiveAck,
  LIVE_EVENTS,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  liveRoomName,
  parseLiveRoom,
  type RoomClosedPayload,
  type FriendRemovedPayload,
} from '@agora/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { AppContext } from '../../context';
import type { LiveEvent } from '../../lib/live-events';
import { canReadCommunity, isCommunityMember, isCommunityOwner } from '../../policies/community';
import { findAccessOf, findBlockerIds, findFeedGroupIds, findLiveTarget } from './live.queries';

/**
 * Live updates (issue 17 §1): the rooms sockets follow and the events pushed to them (docs/decisions/0127-live-rooms.md,
 * docs/decisions/0128-live-payloads.md, docs/decisions/0129-live-after-commit.md).
 *
 * Room names inside the server carry the community, so that everything a person follows in a community can be left
 * at once (and found on every node with `fetchSockets`, which also works through a cluster adapter):
 * - `live:<groupId>|<room>` for a room a page subscribed (`live:7|discussion:12`), and the tag `live:<groupId>`
 *   on every socket that follows any room of that community (the sockets a privacy change must look at);
 * - `feed:<groupId>` for the home feed: joined on connect for each community the person is a member of.
 * A client only ever names the public rooms (`group:<id>`, `discussion:<id>`, `blog:<id>`); it cannot name these.
 */
const subscribed = (groupId: number, room: string) => `live:${groupId}|${room}`;
const tagOf = (groupId: number) => `live:${groupId}`;
const feedOf = (groupId: number) => `feed:${groupId}`;
const userRoom = (userId: number) => `user:${userId}`;
const isSubscription = (room: string) => room.startsWith('live:') && room.includes('|');
const publicNameOf = (room: string) => room.slice(room.indexOf('|') + 1);

/** The rooms an event goes to (LiveEvent's `scope`). */
export function roomsOf(event: LiveEvent): string[] {
  const g = event.groupId;
  const post = event.discussionId !== undefined ? [subscribed(g, liveRoomName('discussion', event.discussionId))] : [];
  if (event.scope === 'discussion') return post;
  const page = subscribed(g, liveRoomName('group', g));
  if (event.scope === 'group') return [page];
  const blog = event.blogId !== undefined ? [subscribed(g, liveRoomName('blog', event.blogId))] : [];
  return [page, feedOf(g), ...post, ...blog];
}

/** `userId` 0 and `visitor` for a visitor's socket (no token): public rooms only, no home feed. */
type LiveSocketData = { userId: number; visitor?: boolean; livePending?: number };

/** The subset of a (possibly remote) socket the access check uses. */
type RoomHolder = {
  rooms: Set<string>;
  data: unknown;
  join(room: string | string[]): unknown;
  leave(room: string): unknown;
  emit(event: string, payload: unknown): unknown;
};

export function attachLiveRooms(io: Server, ctx: AppContext, log: FastifyBaseLogger) {
  /** Counts access changes: a subscribe that raced with one checks again. */
  let epoch = 0;

  const mayFollow = async (userId: number, kind: 'group' | 'discussion' | 'blog', id: number) => {
    const target = await findLiveTarget(ctx.db, kind, id, userId);
    if (!target) return { ok: false as const, message: LIVE_MESSAGES.notFound };
    const viewer = { id: userId };
    if (!canReadCommunity(viewer, target, target.role)) return { ok: false as const, message: LIVE_MESSAGES.forbidden };
    // A removed post or blog is read by its author and the staff only (issue 15 §3).
    if (target.removed && target.authorId !== userId && !isStaff(target.role) && !isCommunityOwner(viewer, target)) {
      return { ok: false as const, message: LIVE_MESSAGES.notFound };
    }
    return { ok: true as const, groupId: target.groupId };
  };

  const subscribe = async (socket: Socket, body: unknown): Promise<LiveAck> => {
    const data = socket.data as LiveSocketData;
    const room = parseLiveRoom((body as { room?: unknown } | null)?.room);
    if (!room) return { ok: false, message: LIVE_MESSAGES.invalidRoom };
    const name = liveRoomName(room.kind, room.id);
    const held = [...socket.rooms].filter(isSubscription);
    if (held.some((r) => publicNameOf(r) === name)) return { ok: true };
    if (held.length + (data.livePending ?? 0) >= LIVE_LIMITS.roomsPerSocket) {
      return { ok: false, message: LIVE_MESSAGES.tooManyRooms(LIVE_LIMITS.roomsPerSocket) };
    }
    data.livePending = (data.livePending ?? 0) + 1;
    try {
      // An access change (a kick, a privacy change) handled while this was checked could not see this socket in the
      // room yet: check again on the new state until none came in between (the join follows without an await).
      let verdict: Awaited<ReturnType<typeof mayFollow>>;
      let seen: number;
      do {
        seen = epoch;
        verdict = await mayFollow(data.userId, room.kind, room.id);
        if (!verdict.ok) return verdict;
      } while (seen !== epoch);
      if (!socket.connected) return { ok: false, message: LIVE_MESSAGES.failed };
      void socket.join([tagOf(verdict.groupId), subscribed(verdict.groupId, name)]);
      return { ok: true };
    } finally {
      data.livePending = (data.livePending ?? 1) - 1;
    }
  };

  const unsubscribe = async (socket: Socket, body: unknown): Promise<LiveAck> => {
    const room = parseLiveRoom((body as { room?: unknown } | null)?.room);
    if (!room) return { ok: false, message: LIVE_MESSAGES.invalidRoom };
    const name = liveRoomName(room.kind, room.id);
    const internal = [...socket.rooms].find((r) => isSubscription(r) && publicNameOf(r) === name);
    if (!internal) return { ok: true };
    await socket.leave(internal);
    const tag = internal.slice(0, internal.indexOf('|'));
    if (![...socket.rooms].some((r) => r.startsWith(`${tag}|`))) await socket.leave(tag);
    return { ok: true };
  };

  const answer =
    (socket: Socket, run: (socket: Socket, body: unknown) => Promise<LiveAck>) =>
    (...args: unknown[]) => {
      const ack = args.at(-1);
      const reply = typeof ack === 'function' ? (ack as (a: LiveAck) => void) : () => {};
      run(socket, typeof args[0] === 'function' ? undefined : args[0]).then(reply, (error: unknown) => {
        log.warn({ err: (error as Error).message }, 'live subscribe failed');
        reply({ ok: false, message: LIVE_MESSAGES.failed });
      });
    };

  /** Every new socket: the subscribe handlers, and the home feed's rooms (the person's communities). */
  const onConnection = (socket: Socket) => {
    socket.on(LIVE_EVENTS.subscribe, answer(socket, subscribe));
    socket.on(LIVE_EVENTS.unsubscribe, answer(socket, unsubscribe));
    const { userId, visitor } = socket.data as LiveSocketData;
    if (visitor) return;
    findFeedGroupIds(ctx.db, userId, LIVE_LIMITS.homeFeedGroupsMax).then(
      (ids) => {
        if (socket.connected && ids.length > 0) void socket.join(ids.map(feedOf));
      },
      (error: unknown) => log.warn({ err: (error as Error).message }, 'live home feed join failed'),
    );
  };

  /** Leaves what the holder may no longer follow in the community; joins its feed when they became a member. */
  const recheck = async (groupId: number, holders: RoomHolder[], joinFeed: boolean) => {
    const userIds = [...new Set(holders.map((h) => (h.data as LiveSocketData).userId))];
    const access = await findAccessOf(ctx.db, groupId, userIds);
    for (const holder of holders) {
      const userId = (holder.data as LiveSocketData).userId;
      const role = access?.roles.get(userId) ?? null;
      const viewer = { id: userId };
      const readable = access !== null && canReadCommunity(viewer, access, role);
      const member = access !== null && isCommunityMember(viewer, access, role);
      if (!readable) {
        const rooms = [...holder.rooms].filter((r) => r.startsWith(`${tagOf(groupId)}|`));
        for (const r of rooms) {
          holder.leave(r);
          const closed: RoomClosedPayload = { room: publicNameOf(r) };
          holder.emit(LIVE_EVENTS.roomClosed, closed);
        }
        holder.leave(tagOf(groupId));
      }
      if (!member) holder.leave(feedOf(groupId));
      else if (joinFeed && !holder.rooms.has(feedOf(groupId))) holder.join(feedOf(groupId));
    }
  };

  const onAccessChanged = async (groupId: number, userId: number | null) => {
    epoch += 1;
    const holders = (await io.in(userId === null ? tagOf(groupId) : userRoom(userId)).fetchSockets()) as unknown as RoomHolder[];
    if (holders.length > 0) await recheck(groupId, holders, userId !== null);
  };

  // Events of one community are pushed in the order they were announced (a post's creation before its edit).
  const chains = new Map<number, Promise<void>>();
  const serialise = (groupId: number, work: () => Promise<void>) => {
    const next = (chains.get(groupId) ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => log.warn({ err: (error as Error).message }, 'live push failed'));
    chains.set(groupId, next);
    void next.then(() => {
      if (chains.get(groupId) === next) chains.delete(groupId);
    });
  };

  const publish = async (event: LiveEvent) => {
    const blockers = event.authorId !== undefined ? await findBlockerIds(ctx.db, event.authorId) : [];
    const skipped = [...blockers, ...(event.skipUserIds ?? [])];
    let target = io.to(roomsOf(event));
    if (skipped.length > 0) target = target.except(skipped.map(userRoom));
    target.emit(event.name, event.payload);
  };

  const offs = [
    ctx.events.on('live', (event) => serialise(event.groupId, () => publish(event))),
    ctx.events.on('liveAccessChanged', (groupId, userId) => serialise(groupId, () => onAccessChanged(groupId, userId))),
    ctx.events.on('friendshipChanged', (a, b, friends) => {
      if (friends) return;
      const toB: FriendRemovedPayload = { user_id: a };
      const toA: FriendRemovedPayload = { user_id: b };
      io.to(userRoom(b)).emit(LIVE_EVENTS.friendRemoved, toB);
      io.to(userRoom(a)).emit(LIVE_EVENTS.friendRemoved, toA);
    }),
  ];

  return {
    onConnection,
    close: () => offs.forEach((off) => off()),
  };
}
