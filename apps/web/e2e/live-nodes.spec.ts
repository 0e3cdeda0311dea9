import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectAccessible, test } from './fixtures';
import { auth, commentViaApi, createGroupViaApi, joinViaApi, postViaApi } from './groups-helpers';

/**
 * Issue 17 §3, live updates across nodes: `npm run cluster -- --nodes 2` as a new user runs it (scripts/cluster.mjs's
 * default path: Debian's PostgreSQL in a temp directory, the built server and web app, HAProxy in front), one cluster
 * for this file. A's browser talks to node 1 and B's to node 2, each on its own port (no HAProxy in between, so
 * nothing can route both to one node): B reads the community's feed, A posts → B sees "1 new post", shows it, opens
 * the post, A comments → the comment arrives in B's panel, A likes → B's like count changes, all without a reload
 * (what carries the events between the nodes is the PostgreSQL adapter). axe on that last state. The cluster is
 * stopped with SIGTERM after the file and must leave no process behind.
 *
 * The web server Playwright starts (scripts/start.mjs) has built the web app and the server by then, so the cluster
 * finds them fresh and builds nothing (checked below: a build here would cost CI a minute for nothing).
 * Needs Debian's `postgresql` and `haproxy` (.ci/run installs both); without haproxy it is skipped, except in CI,
 * where a missing package fails it with the reason. Run alone: `E2E_PORT=3241 npx playwright test apps/web/e2e/live-nodes.spec.ts`.
 */

type ClusterNode = { id: string; port: number; pid: number };
type Cluster = { url: string; databaseUrl: string; haproxyPid: number; nodes: ClusterNode[] };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The same variable scripts/cluster.mjs reads.
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

let child: ChildProcess | undefined;
let cluster: Cluster | undefined;
/** Everything the cluster printed (its own lines and its nodes' warnings), for the checks and for a failure's message. */
const output: string[] = [];
const tail = () => output.slice(-40).join('\n');

/** The cluster starts its own PostgreSQL and uses no Redis, whatever this run was given; its nodes log warnings only. */
function clusterEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, DATA_DIR: _data, PORT: _port, NODE_ID: _node, ...rest } = process.env;
  return { ...rest, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
}

test.skip(!existsSync(HAPROXY) && !process.env.CI, `Debian's haproxy is not installed (${HAPROXY}): apt-get install haproxy`);
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  // Migrating a new PostgreSQL and starting two nodes on a busy 2-core machine.
  test.setTimeout(240_000);
  if (!existsSync(HAPROXY)) throw new Error(`Debian's haproxy is missing (${HAPROXY}): .ci/run installs it with apt-get install haproxy`);
  if (!hasPostgres()) throw new Error("Debian's PostgreSQL is missing (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql");
  const started = spawn(process.execPath, [path.join(ROOT, 'scripts/cluster.mjs'), '--nodes', '2', '--port', '0', '--json'], {
    cwd: ROOT,
    env: clusterEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  cluster = await new Promise<Cluster>((resolve, reject) => {
    const read = (stream: NodeJS.ReadableStream) => {
      let buffer = '';
      stream.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          output.push(line);
          if (line.startsWith('CLUSTER ')) resolve(JSON.parse(line.slice('CLUSTER '.length)) as Cluster);
        }
      });
    };
    read(started.stdout!);
    read(started.stderr!);
    started.once('exit', (code, signal) => reject(new Error(`npm run cluster exited (${signal ?? code}) before it was ready:\n${tail()}`)));
  });
});

test.afterAll(async () => {
  test.setTimeout(90_000);
  if (!child) return;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited, `the cluster's exit code after SIGTERM:\n${tail()}`).toBe(0);
  }
  if (!cluster) return;
  // Nothing left: not the nodes, not HAProxy, not PostgreSQL (whose command line names the cluster's temp directory).
  const pids = new Set([child.pid, cluster.haproxyPid, ...cluster.nodes.map((n) => n.pid)]);
  const work = output.map((line) => /data in (\S+)\/data,/.exec(line)?.[1]).find(Boolean);
  expect(work, 'a node named the cluster’s data directory').toBeTruthy();
  const left = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => pids.has(Number(line.trim().split(/\s+/)[0])) || line.includes(work!));
  expect(left, 'processes the cluster left behind').toEqual([]);
  expect(existsSync(work!), 'the cluster removed its temp directory').toBe(false);
});

test('B on node 2 sees A’s new post, comment and like, written through node 1, without reloading', async ({ login }) => {
  const [node1, node2] = cluster!.nodes as [ClusterNode, ClusterNode];
  expect(
    output.filter((line) => line.includes('[cluster] building')),
    'the cluster rebuilt what scripts/start.mjs had just built: their freshness checks disagree',
  ).toEqual([]);
  expect(node1.port).not.toBe(node2.port);

  const a = await login({ newContext: true, baseURL: `http://127.0.0.1:${node1.port}` });
  const b = await login({ newContext: true, baseURL: `http://127.0.0.1:${node2.port}` });
  const page = b.page;
  // The fixture's check for errors a user would not see watches the test's own page; B's is another one.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  // Each browser is on its own node: A's requests go to node 1's port, everything B's page asks for to node 2's.
  const probe = await a.page.request.get('/api/health');
  expect(new URL(probe.url()).port).toBe(String(node1.port));
  expect(new URL(a.page.url()).port).toBe(String(node1.port));
  const bPorts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) bPorts.add(url.port);
  });
  const bSocket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname.startsWith('/socket.io/'));

  const group = await createGroupViaApi(a);
  await joinViaApi(b, group);
  const first = await postViaApi(a, group, 'Written through node 1');

  await page.goto(`/group/${group.slug}/discussions`);
  expect(new URL(page.url()).port).toBe(String(node2.port));
  expect(new URL((await bSocket).url()).port).toBe(String(node2.port));
  const feed = page.getByRole('list', { name: 'Posts' });
  await expect(feed.getByRole('article')).toHaveCount(1);
  // Node 2 acknowledged B's subscribe to the community's room before A writes anything.
  await expect(page.locator('[data-live-state="joined"]')).toBeAttached();
  // Any reload from here on would drop this mark.
  await page.evaluate(() => ((window as unknown as { liveNodesJourney: boolean }).liveNodesJourney = true));

  // A posts through node 1: B's feed on node 2 says "1 new post" at its top and does not jump.
  await postViaApi(a, group, 'Fresh from node 1');
  const pill = page.getByRole('button', { name: '1 new post' });
  await expect(pill).toBeVisible();
  await expect(feed.getByRole('article')).toHaveCount(1);
  await pill.click();
  await expect(feed.getByRole('article')).toHaveCount(2);
  await expect(feed.getByRole('article').first()).toContainText('Fresh from node 1');
  await expect(pill).toBeHidden();

  // B opens the first post; A comments on it and likes it through node 1.
  await feed
    .locator(`[data-post-id="${first}"]`)
    .getByRole('button', { name: /Open post$/ })
    .click();
  const panel = page.getByTestId('post-panel');
  await expect(panel.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(panel.locator('[data-live-state="joined"]')).toBeAttached();

  await commentViaApi(a, group, first, 'A comment that crossed nodes');
  await expect(panel.getByText('A comment that crossed nodes')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

  const liked = await a.page.request.post(`/api/groups/${group.id}/discussions/${first}/like`, { headers: auth(a), data: { liked: true } });
  expect(liked.ok(), await liked.text()).toBeTruthy();
  expect(new URL(liked.url()).port).toBe(String(node1.port));
  await expect(panel.getByRole('button', { name: '1 like, Like post' })).toBeVisible();
  await expectAccessible(page, 'post panel with a comment and a like pushed from another node');

  expect(await page.evaluate(() => (window as unknown as { liveNodesJourney?: boolean }).liveNodesJourney)).toBe(true);
  expect([...bPorts]).toEqual([String(node2.port)]);
  expect(problems, problems.join('\n')).toEqual([]);
});
