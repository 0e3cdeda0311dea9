import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { connect, type Database } from '../db/client';
import { loadConfig, type Config } from '../plugins/config';
import { withDatabase } from './global-setup';

export type TestContext = { app: FastifyInstance; database: Database; config: Config; databaseUrl: string };

/**
 * A fresh database cloned from the migrated template and an app built on it, for one test file.
 * Rate limits are on unless `rateLimit: false`, so limit tests see the real limiter. `configure` adjusts the
 * loaded config (short timeouts, say); `logger` replaces the silent logger (to capture what is logged).
 */
export function useTestApp(
  options: {
    rateLimit?: boolean;
    /** Adjusts the loaded config; receives the file's database URL (several-node tests point DATABASE_URL at it). */
    configure?: (config: Config, databaseUrl: string) => Config;
    logger?: FastifyServerOptions['logger'];
  } = {},
): TestContext {
  const ctx = {} as TestContext;
  const adminUrl = inject('adminUrl');
  const name = `agora_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  let uploadsRoot = '';
  beforeAll(async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
    await admin.end();
    uploadsRoot = mkdtempSync(path.join(os.tmpdir(), 'agora-uploads-'));
    const loaded = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: uploadsRoot,
      RATE_LIMIT: options.rateLimit === false ? 'off' : 'on',
      WEB_DIST: path.join(uploadsRoot, 'no-web'),
    });
    ctx.databaseUrl = withDatabase(adminUrl, name);
    // One node per file, whatever DATABASE_URL says (CI sets it to run these tests on Debian's PostgreSQL): a cluster
    // adapter there would LISTEN on the admin database, shared by every file. Several-node tests configure it.
    const oneNode: Config = { ...loaded, cluster: { ...loaded.cluster, mode: 'local', databaseUrl: undefined, redisUrl: undefined } };
    ctx.config = options.configure ? options.configure(oneNode, ctx.databaseUrl) : oneNode;
    ctx.database = connect(ctx.databaseUrl, { max: 5 });
    ctx.app = await buildApp(ctx.config, ctx.database.db, { logger: options.logger ?? false });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (uploadsRoot) rmSync(uploadsRoot, { recursive: true, force: true });
  });
  return ctx;
}

type Who = { auth: { authorization: string } } | null | undefined;

/**
 * The one inject wrapper of the server tests: `user` signs the request (none for a visitor), `payload` is sent as
 * JSON. For multipart bodies use `t.app.inject` with `multipartForm` (factories.ts).
 */
export function client(t: TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: Who, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    send,
    get: (url: string, user?: Who) => send('GET', url, user),
    post: (url: string, user?: Who, payload?: unknown) => send('POST', url, user, payload),
    put: (url: string, user?: Who, payload?: unknown) => send('PUT', url, user, payload),
    del: (url: string, user?: Who) => send('DELETE', url, user),
  };
}
