import { bigserial, customType, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * State that several Agora nodes share through PostgreSQL when no Redis is configured (issue 17 §2, decision
 * 0131). With the embedded database (one node) these tables stay empty.
 */

/** rate-limiter-flexible's Drizzle store: one row per limited key (`<limit>:<key>`), all limits in one table. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * @socket.io/postgres-adapter's table for packets over NOTIFY's 8,000-byte limit (the adapter sends their id and
 * deletes rows older than its cleanup interval). Its shape is the adapter's own.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

/** Nodes alive: each writes `seen_at` every few seconds; any node drops a node not seen for a while. */
export const clusterNodes = pgTable('cluster_nodes', {
  nodeId: varchar('node_id', { length: 100 }).primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Connected sockets per user per node: a user is online while any live node holds a row for them. */
export const presenceSockets = pgTable(
  'presence_sockets',
  {
    nodeId: varchar('node_id', { length: 100 })
      .notNull()
      .references(() => clusterNodes.nodeId, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    sockets: integer('sockets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.userId] }), index('presence_sockets_user_idx').on(t.userId)],
);
