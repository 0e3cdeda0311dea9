import { sql } from 'drizzle-orm';
import type { createClient } from 'redis';
import type { Db } from '../db/client';

/**
 * Who is online across nodes (decision 0133): each node records the users with at least one of its
 * sockets and beats every `heartbeatMs`; any node drops the records of a node not seen for `staleMs`, so a node
 * killed without a goodbye takes its users' presence with it within `staleMs + heartbeatMs`.
 */
export interface PresenceStore {
  /** The user's first socket on this node connected. */
  add(userId: number): Promise<void>;
  /** The user's last socket on this node closed. */
  remove(userId: number): Promise<void>;
  /** Which of these users have a socket on a live node. */
  onlineAmong(userIds: number[]): Promise<Set<number>>;
  /** Marks this node alive and drops dead nodes; returns the users whose records were dropped. */
  heartbeat(): Promise<number[]>;
  /**
   * This node's records go at once (when it stops, and when it starts: a NODE_ID reused after a crash must not
   * revive the dead process's records); returns the users whose records were dropped.
   */
  leave(): Promise<number[]>;
}

export const PRESENCE_TIMING = { heartbeatMs: 5_000, staleMs: 15_000 } as const;

export class PostgresPresenceStore implements PresenceStore {
  constructor(
    private readonly db: Db,
    private readonly nodeId: string,
    private readonly staleMs: number = PRESENCE_TIMING.staleMs,
  ) {}

  async add(userId: number): Promise<void> {
    await this.db.execute(sql`
      with node as (
        insert into cluster_nodes (node_id, seen_at) values (${this.nodeId}, now())
        on conflict (node_id) do update set seen_at = now() returning node_id
      )
      insert into presence_sockets (node_id, user_id, sockets) select node_id, ${userId}, 1 from node
      on conflict (node_id, user_id) do update set sockets = 1`);
  }

  async remove(userId: number): Promise<void> {
    await this.db.execute(sql`delete from presence_sockets where node_id = ${this.nodeId} and user_id = ${userId}`);
  }

  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db.execute<{ user_id: number }>(sql`
      select distinct p.user_id from presence_sockets p join cluster_nodes n using (node_id)
      where p.user_id = any(${sql.param(userIds)}::int[])
        and n.seen_at > now() - make_interval(secs => ${this.staleMs / 1000})`);
    return new Set(rows.map((r) => Number(r.user_id)));
  }

  async heartbeat(): Promise<number[]> {
    const rows = await this.db.execute<{ user_id: number }>(sql`
      with beat as (
        insert into cluster_nodes (node_id, seen_at) values (${this.nodeId}, now())
        on conflict (node_id) do update set seen_at = now()
      ), dead as (
        delete from cluster_nodes where node_id <> ${this.nodeId}
          and seen_at < now() - make_interval(secs => ${this.staleMs / 1000}) returning node_id
      )
      delete from presence_sockets p using dead where p.node_id = dead.node_id returning p.user_id`);
    return [...new Set(rows.map((r) => Number(r.user_id)))];
  }

  async leave(): Promise<number[]> {
    const rows = await this.db.execute<{ user_id: number }>(
      sql`delete from presence_sockets where node_id = ${this.nodeId} returning user_id`,
    );
    await this.db.execute(sql`delete from cluster_nodes where node_id = ${this.nodeId}`);
    return rows.map((r) => Number(r.user_id));
  }
}

type RedisClient = ReturnType<typeof createClient>;
const NODES_KEY = 'agora:presence:nodes';
const nodeKey = (nodeId: string) => `agora:presence:node:${nodeId}`;

export class RedisPresenceStore implements PresenceStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly nodeId: string,
    private readonly staleMs: number = PRESENCE_TIMING.staleMs,
  ) {}

  async add(userId: number): Promise<void> {
    await this.redis
      .multi()
      .zAdd(NODES_KEY, { score: Date.now(), value: this.nodeId })
      .hSet(nodeKey(this.nodeId), String(userId), '1')
      .exec();
  }

  async remove(userId: number): Promise<void> {
    await this.redis.hDel(nodeKey(this.nodeId), String(userId));
  }

  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    const online = new Set<number>();
    if (userIds.length === 0) return online;
    const nodes = await this.redis.zRangeByScore(NODES_KEY, Date.now() - this.staleMs, '+inf');
    const fields = userIds.map(String);
    for (const node of nodes) {
      const values = await this.redis.hmGet(nodeKey(node), fields);
      values.forEach((value, i) => {
        if (value !== null) online.add(userIds[i]!);
      });
    }
    return online;
  }

  async heartbeat(): Promise<number[]> {
    await this.redis.zAdd(NODES_KEY, { score: Date.now(), value: this.nodeId });
    const dead = (await this.redis.zRangeByScore(NODES_KEY, '-inf', Date.now() - this.staleMs)).filter((n) => n !== this.nodeId);
    const dropped = new Set<number>();
    for (const node of dead) {
      for (const id of await this.redis.hKeys(nodeKey(node))) dropped.add(Number(id));
      await this.redis.multi().del(nodeKey(node)).zRem(NODES_KEY, node).exec();
    }
    return [...dropped];
  }

  async leave(): Promise<number[]> {
    const ids = await this.redis.hKeys(nodeKey(this.nodeId));
    await this.redis.multi().del(nodeKey(this.nodeId)).zRem(NODES_KEY, this.nodeId).exec();
    return ids.map(Number);
  }
}
