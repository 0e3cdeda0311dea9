import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { JobQueue } from '../jobs/queue';
import { loadConfig } from '../plugins/config';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let embedded: EmbeddedServer | undefined;
let tempDir: string | undefined;

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'agora-test-'));
    chmodSync(tempDir, 0o755);
    embedded = await startEmbeddedPostgres(tempDir, { info: () => {}, warn: (m) => console.warn(m) });
    adminUrl = embedded.url;
  }
  const templateDb = `agora_tpl_${process.pid}_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${templateDb}`);
  const template = connect(withDatabase(adminUrl, templateDb), { max: 1 });
  await runMigrations(template.db, config.migrationsDir);
  await template.close();
  // pg-boss's own schema and the queues, once: every test database cloned from the template has them.
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
  await (await JobQueue.start(withDatabase(adminUrl, templateDb), { work: false, handlers: {}, log: quiet })).stop();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}
