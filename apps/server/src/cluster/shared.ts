import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import pg from 'pg';
import { createClient } from 'redis';
import type { Db } from '../db/client';
import type { LimiterStore } from '../lib/rate-limiter';
import type { ClusterConfig } from '../plugins/config';

type RedisClient = ReturnType<typeof createClient>;

/**
 * What several nodes share (issue 17 §2, decision 0131): nothing beyond this process with the
 * embedded database; with DATABASE_URL, PostgreSQL (a small `pg` pool for @socket.io/postgres-adapter, whose
 * LISTEN/NOTIFY needs the `pg` driver; the limiters and presence use the app's own Drizzle pool); with REDIS_URL,
 * Redis (one client for commands and publishing, one for subscribing).
 */
export type SharedState = {
  mode: ClusterConfig['mode'];
  nodeId: string;
  limiterStore: LimiterStore;
  /** The Socket.IO adapter to install, or undefined for the in-memory one (one node). */
  adapter: ReturnType<typeof createPostgresAdapter> | ReturnType<typeof createRedisAdapter> | undefined;
  redis: RedisClient | null;
  close: () => Promise<void>;
};

/** Opens the shared connections the configuration asks for. */
export async function openSharedState(config: ClusterConfig, db: Db, log: (message: string, err: string) => void): Promise<SharedState> {
  if (config.mode === 'redis' && config.redisUrl) {
    const redis: RedisClient = createClient({ url: config.redisUrl });
    const subscriber = redis.duplicate();
    // node-redis reconnects by itself; an error event without a listener would crash the process.
    redis.on('error', (error: Error) => log('redis error', error.message));
    subscriber.on('error', (error: Error) => log('redis subscriber error', error.message));
    await Promise.all([redis.connect(), subscriber.connect()]);
    return {
      mode: 'redis',
      nodeId: config.nodeId,
      limiterStore: { kind: 'redis', client: redis },
      adapter: createRedisAdapter(redis, subscriber, { key: 'agora.socket.io' }),
      redis,
      close: async () => {
        await Promise.allSettled([redis.quit(), subscriber.quit()]);
      },
    };
  }
  if (config.mode === 'postgres' && config.databaseUrl) {
    // One connection LISTENs, one sends NOTIFY and reads attachments: two is enough.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2, idleTimeoutMillis: 30_000 });
    pool.on('error', (error) => log('socket adapter pool error', error.message));
    // The adapter keeps one client checked out for LISTEN and reconnects on its 'end'; an 'error' on that client
    // (the database restarting) must be logged, not crash the process.
    pool.on('connect', (connection) => connection.on('error', (error) => log('socket adapter connection error', error.message)));
    return {
      mode: 'postgres',
      nodeId: config.nodeId,
      limiterStore: { kind: 'postgres', db },
      // The adapter pins an older @types/pg: the same Pool at runtime.
      adapter: createPostgresAdapter(pool as unknown as Parameters<typeof createPostgresAdapter>[0], {
        tableName: 'socket_io_attachments',
        errorHandler: (error) => log('socket adapter error', error.message),
      }),
      redis: null,
      close: async () => {
        await pool.end().catch(() => {});
      },
    };
  }
  return { mode: 'local', nodeId: config.nodeId, limiterStore: { kind: 'memory' }, adapter: undefined, redis: null, close: async () => {} };
}
