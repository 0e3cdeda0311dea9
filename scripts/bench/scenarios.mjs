// Benchmark scenarios for `npm run bench`. To add one: push an object onto the list that `buildScenarios` returns.
//
// A scenario is
//   { name, method, path, headers?, body?, connections, baseline?, note?, goal?, check? }
// - headers/body are plain values built here from the setup context (token, ids), so every request is identical.
// - connections: concurrent connections for this scenario (reads use BENCH_CONNECTIONS).
// - bare: the bare Fastify reference route (exactly one; served by bare-server.mjs, not by Agora).
// - baseline: the Agora scenario every other req/s is also compared to (exactly one; /api/health).
// - paired: measured in alternating rounds with the other paired scenarios (the bare route and health), median kept.
// - goal: { minPctOfBare?, minPctOfBaseline?, maxDbXactPerRequest? } reported as met / not met (informational,
//   not an exit code).
// - check(status, json, response): validates one response in the preflight request sent before the load; return
//   true if OK (response has status, json, text and headers).
//
// `setup` runs once against the started server (loopback only) and returns the context the scenarios use.

import { discussionScenarios, discussionsSetup } from './discussions.mjs';
import { blogScenarios, blogsSetup } from './blogs.mjs';
import { reachScenarios } from './reach.mjs';
import { groupScenarios, groupsSetup } from './groups.mjs';
import { searchScenarios } from './search-scenarios.mjs';
import { socialScenarios, socialSetup } from './social.mjs';

export const DEMO_PASSWORD = 'agora-demo';

/** Small JSON request helper for setup and preflight (not used for the load itself). */
export async function requestJson(baseUrl, { method = 'GET', path, headers = {}, body }) {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const responseHeaders = Object.fromEntries(response.headers.entries());
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json, text, headers: responseHeaders };
}

async function login(baseUrl, username, password = DEMO_PASSWORD) {
  const res = await requestJson(baseUrl, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: username, password }),
  });
  if (res.status !== 200 || typeof res.json?.token !== 'string' || !Number.isInteger(res.json?.user?.id)) {
    throw new Error(`Login as ${username} failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  }
  return { token: res.json.token, userId: res.json.user.id };
}

/** Signs in as two demo users: the reader (token + own id) and another person whose profile is read by id. */
export async function setup(baseUrl, { databaseUrl } = {}) {
  const reader = await login(baseUrl, 'maya_chen');
  // A separate session for the web section's signed-in page (a browser stores it like the login page does).
  const browser = await login(baseUrl, 'maya_chen');
  const other = await login(baseUrl, 'leo_okafor');
  if (other.userId === reader.userId) throw new Error('Expected two distinct demo users');
  const groups = databaseUrl ? await groupsSetup(baseUrl, { databaseUrl, token: reader.token, login, requestJson }) : null;
  return {
    groups,
    discussions: await discussionsSetup(baseUrl, { groups, token: reader.token, login, requestJson }),
    blogs: await blogsSetup(baseUrl, { token: reader.token, requestJson }),
    social: databaseUrl ? await socialSetup(baseUrl, { databaseUrl, userId: reader.userId }) : null,
    baseUrl,
    token: reader.token,
    userId: reader.userId,
    otherUserId: other.userId,
    session: { token: browser.token, userId: browser.userId, username: 'maya_chen' },
    // Signs in as a third user so the sessions created by the login load never touch the reader's session.
    loginUser: 'hannah_berg',
  };
}

/**
 * The scenarios, in the order they run.
 * @param ctx the object returned by `setup`
 * @param opts { connections } from BENCH_CONNECTIONS
 */
export function buildScenarios(ctx, { connections }) {
  const auth = { authorization: `Bearer ${ctx.token}` };
  return [
    {
      name: 'bare Fastify GET /hello',
      method: 'GET',
      path: '/hello',
      connections,
      bare: true,
      paired: true,
      note: 'bare-server.mjs: the same Fastify with one route and no plugins, same payload as health: the ceiling of Fastify + load generator here',
      check: (status, json) => status === 200 && json?.status === 'ok',
    },
    {
      name: 'GET /api/health',
      method: 'GET',
      path: '/api/health',
      connections,
      baseline: true,
      paired: true,
      note: "no database: the whole plugin stack's per-request cost, compared with the bare route",
      goal: { minPctOfBare: 60 },
      check: (status, json) => status === 200 && json?.status === 'ok',
    },
    {
      name: 'GET /users/profile',
      method: 'GET',
      path: '/users/profile',
      headers: auth,
      connections,
      note: 'session lookup joined to the user row',
      goal: { minPctOfBaseline: 15, maxDbXactPerRequest: 1 },
      check: (status, json) => status === 200 && json?.id === ctx.userId,
    },
    {
      name: 'GET /users/{id}',
      method: 'GET',
      path: `/users/${ctx.otherUserId}`,
      headers: auth,
      connections,
      note: 'session lookup + user by id',
      check: (status, json) => status === 200 && json?.id === ctx.otherUserId,
    },
    {
      name: 'GET /api/docs/json (identity)',
      method: 'GET',
      path: '/api/docs/json',
      headers: { 'accept-encoding': 'identity' },
      connections,
      note: 'a large JSON answer (the OpenAPI document) sent as it is',
      check: (status, json, res) => status === 200 && Boolean(json?.paths) && !res.headers['content-encoding'],
    },
    {
      name: 'GET /api/docs/json (br)',
      method: 'GET',
      path: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      connections,
      note: 'the same answer brotli-compressed per request (quality 4): compare req/s and bytes with identity for the cost',
      check: (status, _json, res) => status === 200 && res.headers['content-encoding'] === 'br',
    },
    {
      name: 'POST /api/auth/login',
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: ctx.loginUser, password: DEMO_PASSWORD }),
      connections: Math.min(8, connections),
      note: 'argon2id password verify: deliberately expensive (CPU + memory per attempt), so low req/s is by design',
      check: (status, json) => status === 200 && typeof json?.token === 'string',
    },
    ...groupScenarios(ctx, { connections }),
    ...discussionScenarios(ctx, { connections }),
    ...blogScenarios(ctx, { connections }),
    ...socialScenarios(ctx, { connections }),
    ...searchScenarios(ctx, { connections }),
    ...reachScenarios(ctx, { connections }),
  ];
}
