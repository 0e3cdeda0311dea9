import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS, SOCKET_EVENTS } from '@agora/contract';
import { connect, type Database } from '../db/client';
import { befriend, createGroup, createUser, type TestUser } from '../test/factories';

/**
 * Real processes (issue 17 §3): `npm run cluster -- --nodes 3` (scripts/cluster.mjs: Debian's PostgreSQL, three
 * nodes from source, HAProxy with deploy/haproxy.cfg). The script restarts a node that exits, as a supervisor would.
 * Skipped where Debian's postgresql or haproxy is missing (.ci/run installs both).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// CI's second pass (the API tests on Debian's PostgreSQL through DATABASE_URL) would repeat this file unchanged: the
// cluster starts its own PostgreSQL either way, so that pass skips it (about 90 s saved).
const available = existsSync('/usr/sbin/haproxy') && existsSync('/usr/lib/postgresql') && !process.env.DATABASE_URL;

type Cluster = { url: string; databaseUrl: string; nodes: { id: string; port: number; pid: number }[] };
let cluster: Cluster;
let child: ChildProcess;
let database: Database;
const lines: string[] = [];
const waiters: { test: (line: string) => boolean; resolve: () => void }[] = [];
const sockets: Socket[] = [];

/** The cluster starts its own PostgreSQL and uses no Redis, whatever this run was given. */
function withoutSharedStores(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = env;
  return rest;
}

function nextLine(test: (line: string) => boolean): Promise<void> {
  return new Promise((resolve) => waiters.push({ test, resolve }));
}

beforeAll(async () => {
  if (!available) return;
  child = spawn(process.execPath, [path.join(ROOT, 'scripts/cluster.mjs'), '--nodes', '3', '--port', '0', '--source', '--json'], {
    cwd: ROOT,
    env: { ...withoutSharedStores(process.env), SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  const ready = new Promise<Cluster>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (;;) {
        const end = buffer.indexOf('\n');
        if (end < 0) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        lines.push(line);
        if (line.startsWith('CLUSTER ')) resolve(JSON.parse(line.slice(8)) as Cluster);
        for (const w of [...waiters]) {
          if (!w.test(line)) continue;
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`cluster exited with ${code}`)));
  });
  cluster = await ready;
  database = connect(cluster.databaseUrl, { max: 2 });
}, 240_000);

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await database?.close();
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}, 60_000);

const nodeUrl = (i: number) => `http://127.0.0.1:${cluster.nodes[i]!.port}`;
function open(url: string, token: string): Socket & { lists: number[][] } {
  const socket = connectClient(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true }) as Socket & {
    lists: number[][];
  };
  socket.lists = [];
  socket.on(SOCKET_EVENTS.onlineUsers, (ids: number[]) => socket.lists.push(ids));
  sockets.push(socket);
  return socket;
}
async function until(test: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!test()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}
/** Writers post comments through HAProxy until `stop()`; every answer is recorded with its time. */
function writeLoad(writers: TestUser[], post: { id: number; group_id: number }) {
  const answers: { status: number; at: number; id?: number }[] = [];
  let running = true;
  const loops = writers.map(async (user, w) => {
    for (let i = 0; running && i < 100; i += 1) {
      try {
        const res = await fetch(`${cluster.url}/api/groups/${post.group_id}/discussions/${post.id}/comments`, {
          method: 'POST',
          headers: { ...user.auth, 'content-type': 'application/json', 'x-forwarded-for': `10.60.${w}.1` },
          body: JSON.stringify({ content: `load ${w} ${i}`, parentCommentId: null }),
        });
        const body = (await res.json().catch(() => ({}))) as { comment?: { id: number } };
        answers.push({ status: res.status, at: Date.now(), id: body.comment?.id });
      } catch {
        answers.push({ status: 0, at: Date.now() });
      }
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}
/** A page following `room` through HAProxy as a browser does: it reconnects (to whichever node HAProxy picks) and
 * subscribes again on every connect; `heard` counts the comments pushed since the last connect. */
function follow(token: string, room: string): Socket & { drops: number; heard: number } {
  const socket = connectClient(cluster.url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 1_000,
  }) as Socket & { drops: number; heard: number };
  socket.drops = 0;
  socket.heard = 0;
  socket.on('connect', () => {
    socket.heard = 0;
    socket.emit(LIVE_EVENTS.subscribe, { room }, () => {});
  });
  socket.on('disconnect', () => (socket.drops += 1));
  socket.on(LIVE_EVENTS.commentCreated, () => (socket.heard += 1));
  sockets.push(socket);
  return socket;
}
async function postWithWriters(n: number) {
  const writers = await Promise.all(Array.from({ length: n }, () => createUser(database.db)));
  const owner = writers[0]!;
  const group = await createGroup(database.db, { owner, members: writers.slice(1).map((user) => ({ user, role: 'member' as const })) });
  const res = await fetch(`${cluster.url}/api/groups/${group.id}/discussions`, {
    method: 'POST',
    headers: { ...owner.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Load test', mediaUrls: [] }),
  });
  expect(res.status).toBe(201);
  const { discussion } = (await res.json()) as { discussion: { id: number; group_id: number } };
  return { writers, post: discussion };
}
async function checkDatabase(post: { id: number }, acknowledged: number[]) {
  const found = await database.sql<{ id: number }[]>`SELECT id FROM comments WHERE id = ANY(${acknowledged})`;
  expect(found.length).toBe(acknowledged.length);
  const [row] = await database.sql<{ counter: number; recount: number }[]>`
    SELECT d.comment_count AS counter, (SELECT count(*)::int FROM comments c WHERE c.discussion_id = d.id) AS recount
    FROM discussions d WHERE d.id = ${post.id}`;
  expect(row!.counter).toBe(row!.recount);
}

describe.skipIf(!available)('three real nodes behind HAProxy', { timeout: 180_000 }, () => {
  it('pushes a like through node A to the author connected to node B within 1 s', async () => {
    const { writers, post } = await postWithWriters(2);
    const [author, liker] = writers as [TestUser, TestUser];
    const socket = open(nodeUrl(1), author.token);
    await until(() => socket.connected, 10_000);
    const pushed = new Promise<number>((resolve) => socket.once(SOCKET_EVENTS.newNotification, () => resolve(Date.now())));
    const start = Date.now();
    const res = await fetch(`${nodeUrl(0)}/api/groups/${post.group_id}/discussions/${post.id}/like`, {
      method: 'POST',
      headers: liker.auth,
    });
    expect(res.status).toBe(200);
    const took = (await pushed) - start;
    console.log(`like on node1 → notification on node2's socket: ${took} ms`);
    expect(took).toBeLessThan(1000);
  });

  it('holds the per-account sign-in limit across nodes: 11 wrong passwords over 3 nodes, the 11th is refused', async () => {
    const user = await createUser(database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await fetch(`${nodeUrl(i % 3)}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.50.0.${i}` },
        body: JSON.stringify({ emailOrUsername: user.username, password: 'wrong-password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('keeps every acknowledged write when a node is killed under load; 5xx only until HAProxy marks it down', async () => {
    const { writers, post } = await postWithWriters(6);
    // Nine pages follow the post through HAProxy before the load starts (leastconn: three on each node).
    const pages = writers.flatMap((w, i) => (i < 3 ? [w, w, w] : [])).map((w) => follow(w.token, `discussion:${post.id}`));
    await until(() => pages.every((p) => p.connected), 20_000);
    const load = writeLoad(writers, post);
    await until(() => load.answers.length >= 30 && pages.every((p) => p.heard > 0), 30_000);
    const victim = cluster.nodes[1]!;
    const back = nextLine((line) => line.startsWith(`NODE ${victim.id} ready`));
    process.kill(victim.pid, 'SIGKILL');
    const killedAt = Date.now();
    await until(() => load.answers.filter((a) => a.at > killedAt + 4_000).length >= 30, 60_000);
    // The pages on the killed node reconnected to another and hear the comments again.
    await until(() => pages.every((p) => p.connected && p.heard > 0), 30_000);
    expect(pages.reduce((n, p) => n + p.drops, 0)).toBeGreaterThan(0);
    await load.stop();
    await back;
    const failed = load.answers.filter((a) => a.status !== 201);
    // Requests in flight on the killed node may fail; none after HAProxy took it out (2 failed checks, < 3 s).
    expect(failed.filter((a) => a.at > killedAt + 3_000)).toEqual([]);
    await checkDatabase(
      post,
      load.answers.flatMap((a) => (a.status === 201 && a.id ? [a.id] : [])),
    );
    console.log(
      `SIGKILL under load: ${load.answers.length} writes, ${failed.length} failed (in flight), statuses ${[...new Set(failed.map((a) => a.status))]}; ${pages.filter((p) => p.drops > 0).length} of 9 pages reconnected`,
    );
  });

  it('restarts every node in turn (SIGTERM) under load with 0 failed requests', async () => {
    const { writers, post } = await postWithWriters(6);
    const load = writeLoad(writers, post);
    await until(() => load.answers.length >= 20, 30_000);
    const started = Date.now();
    for (const node of cluster.nodes) {
      const back = nextLine((line) => line.startsWith(`NODE ${node.id} ready`));
      const pid = Number(
        lines
          .filter((line) => line.startsWith(`NODE ${node.id} ready`))
          .at(-1)
          ?.split(' ')[3] ?? node.pid,
      );
      process.kill(pid, 'SIGTERM');
      await back;
    }
    await load.stop();
    const failed = load.answers.filter((a) => a.status !== 201);
    console.log(`rolling restart: ${load.answers.length} writes in ${Date.now() - started} ms, ${failed.length} failed`);
    expect(failed).toEqual([]);
    await checkDatabase(
      post,
      load.answers.flatMap((a) => (a.id ? [a.id] : [])),
    );
  });

  it('shows a friend on node A online to a friend on node B, and offline within 30 s of SIGKILL of node A', async () => {
    const [ana, bo] = await Promise.all([createUser(database.db), createUser(database.db)]);
    await befriend(database.db, ana, bo);
    // Node A is the first node whose current pid is known: node1 was restarted last by the test above.
    const aIndex = 0;
    const aPid = Number(
      lines
        .filter((l) => l.startsWith(`NODE ${cluster.nodes[aIndex]!.id} ready`))
        .at(-1)
        ?.split(' ')[3] ?? cluster.nodes[aIndex]!.pid,
    );
    const boSocket = open(nodeUrl(2), bo.token);
    open(nodeUrl(aIndex), ana.token);
    await until(() => boSocket.lists.at(-1)?.includes(ana.id) === true, 10_000);
    // No restart of node A: the other nodes must find it dead by its missing heartbeat.
    const noRestarts = nextLine((line) => line === 'RESTARTS off');
    child.kill('SIGUSR2');
    await noRestarts;
    process.kill(aPid, 'SIGKILL');
    const took = await until(() => boSocket.lists.at(-1)?.includes(ana.id) === false, 30_000);
    console.log(`offline for the friend ${took} ms after SIGKILL`);
  });
});
