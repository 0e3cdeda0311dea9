// Friends, notifications and presence scenarios for `npm run bench` (issue 9). Hooked into scenarios.mjs
// (`socialSetup` in `setup`, `socialScenarios` in `buildScenarios`) and run.mjs (`socketBench` after the HTTP table).
//
// Setup writes, with set-based SQL on the bench database (no sign-in: sessions are inserted with their token hash):
//   - BENCH_SOCIAL_USERS people (default 1,000; 0 skips this file), each friends with the next 5 in a ring (so 10
//     friends each) and holding one session token;
//   - the reader (the demo user of scenarios.mjs) friends with 200 of them and holding 1,000 notifications from
//     them (100 unread), plus 50 notifications for each of the others (a table that is not just the reader's).
//
// HTTP scenarios (goal: >= 10% of the bare Fastify route, <= 2 database round trips):
//   GET /notifications (first page of 20 + unread count), GET /friends/{id}/friends (first 50 of 200 + total), and,
//   for information, GET /friends/suggestions?search= and GET /notifications?search=.
//
// Socket phase (socketBench): the people connect one socket each over websocket (1,000 by default), then
// BENCH_SOCKET_ROUNDS rounds (default 10) in which 100 of them disconnect and connect again (each change is pushed
// to their online friends) while 20 friend requests between online people are sent and their new_notification
// pushes timed. The server's RSS and event-loop delay come from scripts/bench/server-probe.mjs inside it.

import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { io as connectClient } from 'socket.io-client';

const RING = 5;
const READER_FRIENDS = 200;
const READER_NOTIFICATIONS = 1000;
const READER_UNREAD = 100;
const OTHERS_NOTIFICATIONS = 50;
const CHURN_PER_ROUND = 100;
const REQUESTS_PER_ROUND = 20;
const CONNECT_BATCH = 100;
const STEP_TIMEOUT_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function envInt(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer in ${min}..${max} (got "${raw}")`);
  return value;
}

/** Seeds the social data; returns null when BENCH_SOCIAL_USERS=0. */
export async function socialSetup(baseUrl, { databaseUrl, userId }) {
  const count = envInt('BENCH_SOCIAL_USERS', 1000, 0, 20_000);
  if (count === 0) return null;
  if (count < READER_FRIENDS + 2 * RING + 1) throw new Error(`BENCH_SOCIAL_USERS must be 0 or at least ${READER_FRIENDS + 2 * RING + 1}`);
  const tag = Date.now().toString(36).slice(-6);
  const prefix = `bs${tag}_`;
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => {} });
  const t0 = Date.now();
  let people;
  try {
    people = await sql.begin(async (tx) => {
      const rows = await tx`
        INSERT INTO users (username, email, first_name, last_name, password_hash)
        SELECT ${prefix} || i, ${prefix} || i || '@bench.test', 'Bench', 'Person ' || i, u.password_hash
        FROM generate_series(1, ${count}::int) i, (SELECT password_hash FROM users WHERE id = ${userId}) u
        RETURNING id`;
      const ids = rows.map((r) => r.id).sort((a, b) => a - b);
      await tx`
        INSERT INTO sessions (user_id, token_hash, expires_at)
        SELECT x.user_id, decode(x.hash, 'hex'), now() + interval '1 day'
        FROM unnest(${ids}::int[], ${tokens.map((t) => createHash('sha256').update(t).digest('hex'))}::text[]) AS x(user_id, hash)`;
      // The ring: person k is friends with k+1 .. k+RING (indexes into ids, wrapping).
      await tx`
        INSERT INTO friendships (requester_id, addressee_id, status, responded_at)
        SELECT a.id, b.id, 'accepted', now()
        FROM unnest(${ids}::int[]) WITH ORDINALITY a(id, k)
        CROSS JOIN generate_series(1, ${RING}::int) d
        JOIN unnest(${ids}::int[]) WITH ORDINALITY b(id, k) ON b.k = ((a.k - 1 + d) % ${count}::int) + 1`;
      await tx`
        INSERT INTO friendships (requester_id, addressee_id, status, responded_at)
        SELECT ${userId}::int, id, 'accepted', now() FROM unnest(${ids.slice(0, READER_FRIENDS)}::int[]) id`;
      await tx`
        INSERT INTO notifications (user_id, sender_id, noti_type, noti_content, noti_link, is_read, created_at)
        SELECT ${userId}::int, s.id, 'comment', 'Bench comment ' || n, '/?profile=' || s.id, n > ${READER_UNREAD}::int,
          now() - make_interval(secs => n)
        FROM generate_series(1, ${READER_NOTIFICATIONS}::int) n
        JOIN unnest(${ids}::int[]) WITH ORDINALITY s(id, k) ON s.k = (n % ${count}::int) + 1`;
      await tx`
        INSERT INTO notifications (user_id, sender_id, noti_type, noti_content, is_read, created_at)
        SELECT r.id, s.id, 'comment', 'Bench comment ' || n, n > 5, now() - make_interval(secs => n)
        FROM unnest(${ids}::int[]) WITH ORDINALITY r(id, k)
        CROSS JOIN generate_series(1, ${OTHERS_NOTIFICATIONS}::int) n
        JOIN unnest(${ids}::int[]) WITH ORDINALITY s(id, k) ON s.k = ((r.k + n - 1) % ${count}::int) + 1`;
      await tx`ANALYZE users`;
      await tx`ANALYZE friendships`;
      await tx`ANALYZE notifications`;
      return ids.map((id, i) => ({ id, token: tokens[i] }));
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
  const friendships = count * RING + READER_FRIENDS;
  const notifications = READER_NOTIFICATIONS + count * OTHERS_NOTIFICATIONS;
  console.log(
    `[bench] social seed: ${count} people, ${friendships} friendships, ${notifications} notifications in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { baseUrl, readerId: userId, people, prefix, friendships, notifications };
}

/** The HTTP scenarios of this file (none without the seed). */
export function socialScenarios(ctx, { connections }) {
  const s = ctx.social;
  if (!s) return [];
  const auth = { authorization: `Bearer ${ctx.token}` };
  const goal = { minPctOfBare: 10, maxDbXactPerRequest: 2 };
  return [
    {
      name: 'GET /notifications',
      method: 'GET',
      path: '/notifications',
      headers: auth,
      connections,
      note: `session + one prepared statement: the newest 20 of ${READER_NOTIFICATIONS} with sender and community, and the unread count`,
      goal,
      check: (status, json) => status === 200 && json?.notifications?.length === 20 && json.unreadCount >= READER_UNREAD,
    },
    {
      name: 'GET /friends/{id}/friends',
      method: 'GET',
      path: `/friends/${s.readerId}/friends`,
      headers: auth,
      connections,
      note: `session + one prepared statement: the first 50 of ${READER_FRIENDS} friends alphabetically, and the total`,
      goal,
      check: (status, json) => status === 200 && json?.friends?.length === 50 && json.total >= READER_FRIENDS,
    },
    {
      name: 'GET /friends/suggestions?search',
      method: 'GET',
      path: `/friends/suggestions?search=${s.prefix}5`,
      headers: auth,
      connections,
      note: 'session + one statement: friends of friends and co-members ranked, then the prefix index',
      check: (status, json) => status === 200 && json?.suggestions?.length === 20,
    },
    {
      name: 'GET /notifications?search',
      method: 'GET',
      path: '/notifications?search=comment%2099',
      headers: auth,
      connections,
      note: 'session + one statement: the reader’s notifications filtered as they are walked',
      check: (status, json) => status === 200 && json?.notifications?.length > 0,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Sockets

/** Asks the server's probe for the window since the last ask (server-probe.mjs); null without a probe. */
async function probe(server) {
  if (!server.probeFile) return null;
  const before = (() => {
    try {
      return statSync(server.probeFile).mtimeMs;
    } catch {
      return 0;
    }
  })();
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      if (statSync(server.probeFile).mtimeMs !== before) return JSON.parse(readFileSync(server.probeFile, 'utf8'));
    } catch {
      // not written yet
    }
    await sleep(50);
  }
  return null;
}

function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise(
      (_, reject) =>
        (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS)),
    ),
  ]).finally(() => clearTimeout(timer));
}

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/**
 * Connects every seeded person (one websocket each), churns presence, times notification pushes; reports the
 * server's RSS and event-loop delay per phase. Every socket is closed at the end, also on failure.
 */
export async function socketBench(server, ctx, { log }) {
  const s = ctx.social;
  if (!s) return null;
  const rounds = envInt('BENCH_SOCKET_ROUNDS', 10, 1, 100);
  const open = new Set();
  const counters = { onlineUsers: 0, newNotifications: 0 };
  const waiters = new Map();
  const connect = (person) =>
    withTimeout(
      new Promise((resolve, reject) => {
        const socket = connectClient(server.baseUrl, {
          auth: { token: person.token },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        socket.on('online_users', () => counters.onlineUsers++);
        socket.on('new_notification', (payload) => {
          counters.newNotifications++;
          waiters.get(payload?.notification?.sender_id * 1e7 + person.id)?.(Date.now());
        });
        socket.once('connect', () => {
          open.add(socket);
          resolve(socket);
        });
        socket.once('connect_error', reject);
      }),
      'socket connect',
    );
  const connectAll = async (people) => {
    const sockets = [];
    for (let i = 0; i < people.length; i += CONNECT_BATCH)
      sockets.push(...(await Promise.all(people.slice(i, i + CONNECT_BATCH).map(connect))));
    return sockets;
  };
  const close = (socket) => {
    socket.disconnect();
    open.delete(socket);
  };

  const phases = {};
  try {
    await probe(server);
    const idle = await probe(server);
    log(`Sockets: connecting ${s.people.length} people (one websocket each, batches of ${CONNECT_BATCH})`);
    let t0 = Date.now();
    const sockets = await connectAll(s.people);
    const connectSeconds = (Date.now() - t0) / 1000;
    await sleep(1000);
    phases.connect = await probe(server);
    log(`  ${sockets.length} connected in ${connectSeconds.toFixed(1)} s; ${counters.onlineUsers} online_users lists received`);

    const pushLatencies = [];
    const churned = { reconnects: 0, requests: 0 };
    const lists0 = counters.onlineUsers;
    t0 = Date.now();
    for (let round = 0; round < rounds; round += 1) {
      const start = (round * CHURN_PER_ROUND) % s.people.length;
      const idx = Array.from({ length: CHURN_PER_ROUND }, (_, i) => (start + i) % s.people.length);
      idx.forEach((i) => close(sockets[i]));
      const again = await connectAll(idx.map((i) => s.people[i]));
      idx.forEach((i, j) => (sockets[i] = again[j]));
      churned.reconnects += idx.length;
      // Friend requests between online people who are not friends (half the ring apart), each push timed.
      const half = Math.floor(s.people.length / 2);
      await Promise.all(
        Array.from({ length: REQUESTS_PER_ROUND }, async (_, i) => {
          const from = s.people[(round * REQUESTS_PER_ROUND + i) % s.people.length];
          const to = s.people[(round * REQUESTS_PER_ROUND + i + half) % s.people.length];
          const key = from.id * 1e7 + to.id;
          const arrived = new Promise((resolve) => waiters.set(key, resolve));
          const res = await fetch(new URL('/friends/request', s.baseUrl), {
            method: 'POST',
            headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ addressee_id: to.id }),
            signal: AbortSignal.timeout(30_000),
          });
          if (res.status !== 200) throw new Error(`friend request failed: HTTP ${res.status}`);
          const answered = Date.now();
          const at = await withTimeout(arrived, 'new_notification push');
          waiters.delete(key);
          pushLatencies.push(at - answered);
          churned.requests += 1;
        }),
      );
    }
    const churnSeconds = (Date.now() - t0) / 1000;
    phases.churn = await probe(server);
    log(
      `  ${rounds} rounds in ${churnSeconds.toFixed(1)} s: ${churned.reconnects} reconnects, ${counters.onlineUsers - lists0} presence lists pushed, ${churned.requests} notifications pushed`,
    );
    return {
      sockets: s.people.length,
      friendsEach: 2 * RING,
      connectSeconds,
      rounds,
      churnSeconds,
      reconnects: churned.reconnects,
      presenceListsPushed: counters.onlineUsers - lists0,
      notificationsPushed: counters.newNotifications,
      pushLatencyMs: { p50: percentile(pushLatencies, 50), p99: percentile(pushLatencies, 99), max: Math.max(...pushLatencies) },
      server: { idle, connected: phases.connect, churn: phases.churn },
    };
  } finally {
    for (const socket of open) socket.disconnect();
  }
}

const mb = (bytes) => (bytes ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : 'n/a');
const eld = (w) => (w ? `p50 ${w.eventLoopDelayMs.p50} ms, p99 ${w.eventLoopDelayMs.p99} ms, max ${w.eventLoopDelayMs.max} ms` : 'n/a');

export function printSockets(r) {
  if (!r) return;
  console.log('');
  console.log(`Sockets: ${r.sockets} connected (websocket), ${r.friendsEach} friends each`);
  console.log(`  connect all: ${r.connectSeconds.toFixed(1)} s`);
  console.log(
    `  server RSS: idle ${mb(r.server.idle?.rssBytes)}, ${r.sockets} connected ${mb(r.server.connected?.rssBytes)}, churn max ${mb(r.server.churn?.maxRssBytes)}`,
  );
  console.log(`  event-loop delay while connecting: ${eld(r.server.connected)}`);
  console.log(
    `  event-loop delay during churn (${r.rounds} rounds, ${r.reconnects} reconnects, ${r.presenceListsPushed} presence lists pushed): ${eld(r.server.churn)}`,
  );
  console.log(
    `  new_notification push after the HTTP answer: p50 ${r.pushLatencyMs.p50} ms, p99 ${r.pushLatencyMs.p99} ms, max ${r.pushLatencyMs.max} ms`,
  );
}
