import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtp';
import { spawnServer, type SpawnedServer } from '../test/spawn-server';

/**
 * Mail survives a SIGKILL of the app (issue 14 §1): the real process, its embedded PostgreSQL, a real SMTP server.
 *
 * Why the test can be quick and deterministic without a test-only hook:
 * - A delivery in flight is a pg-boss job in state `active`. pg-boss retakes such a job only once it expires
 *   (`expireInSeconds`, 120 s for mail) and maintenance notices (every 120 s): 2–4 minutes. On the embedded
 *   PostgreSQL one app process owns the database (embedded.ts stops any postmaster an earlier run left), so at start
 *   every `active` job was left by a dead process: main.ts starts the queue with `soleWorker`, which hands those
 *   jobs back at once (queue.ts `takeBackOrphans`). That is real behaviour, not a test setting: after a crash,
 *   `npm start` sends the mail in seconds. Before it, this test failed at its deadline with the four held mails
 *   still active. (With an external DATABASE_URL other nodes may be alive, so expiry stays the rule there.)
 * - "In flight" is a state the test waits for: the first SMTP server takes each message whole and never answers,
 *   so the app's delivery awaits the reply: provably started, provably not delivered.
 * - "Enqueued while no worker can fetch it" is made deterministic by occupying every mail worker: each of the
 *   4 workers (queue.ts WORKERS.mail) takes one job at a time (batchSize 1) and is stuck in a held delivery, so a
 *   5th mail enqueued after that stays `created` (the test reads the job table to show it) until the process dies.
 * - Exactly once is a state too: after the restart every mail arrives and every mail job is `completed`, so none
 *   can be sent again; each address got one message. (A kill after the server accepted a message but before the job
 *   was marked complete would send it twice: delivery is at least once, as with any SMTP queue; the held server
 *   never accepts, so here once is exact.)
 */

let servers: SpawnedServer[] = [];
let smtpServers: { close(): Promise<void> }[] = [];
let dataDir: string | undefined;

afterEach(async () => {
  for (const s of servers) s.cleanup();
  servers = [];
  // After the app is gone: smtp-server's close waits for open connections (a held delivery is one).
  await Promise.all(smtpServers.map((s) => s.close()));
  smtpServers = [];
  if (dataDir) {
    stopOrphanPostmaster(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
  dataDir = undefined;
});

/** A postmaster a SIGKILLed app left behind (the restart stops it; this is for a test that failed before that). */
function stopOrphanPostmaster(dir: string): void {
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The mail jobs by state, read from the embedded database over TCP (port from postmaster.pid, password from secrets.json). */
async function mailJobStates(dir: string): Promise<Record<string, number>> {
  const port = Number(readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { dbPassword } = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { dbPassword: string };
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'agora', password: dbPassword, database: 'agora' });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; n: number }>(
      `SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = 'mail' GROUP BY state`,
    );
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  } finally {
    await client.end();
  }
}

/** Registers an account through the API: its verification mail is enqueued in the same transaction. */
async function register(url: string, username: string): Promise<void> {
  const password = 'restart-drill-42';
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Kill',
      lastName: 'Test',
      email: `${username}@example.com`,
      username,
      password,
      confirmPassword: password,
    }),
  });
  expect(res.status, await res.text()).toBe(201);
}

async function until(what: string, ms: number, done: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the mail queue across a SIGKILL', () => {
  it('delivers once after a restart both the mails in flight and one enqueued while no worker could take it', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-kill-'));
    const holding = await startSmtpServer({ hold: true });
    const working = await startSmtpServer();
    smtpServers = [holding, working];
    {
      const first = await spawnServer({ SMTP_URL: holding.url, RATE_LIMIT: 'off' }, { dataDir });
      servers.push(first);
      // Four mails: the four mail workers each take one and wait for the server's answer, which never comes.
      for (const n of [1, 2, 3, 4]) await register(first.url, `held_${n}`);
      await holding.waitForHeld(4, 30_000);
      // A fifth, enqueued while every worker is busy: it cannot be fetched before the kill.
      await register(first.url, 'waiting_5');
      expect(await mailJobStates(dataDir)).toEqual({ active: 4, created: 1 });
      first.child.kill('SIGKILL');
      await first.exited;
      expect(working.received).toHaveLength(0);

      // The restart finds the postmaster the killed process left (embedded.ts stops it and starts its own).
      const second = await spawnServer({ SMTP_URL: working.url, RATE_LIMIT: 'off' }, { dataDir });
      servers.push(second);
      await working.waitFor(5, 45_000);
      await until('every mail job completed', 15_000, async () => {
        const states = await mailJobStates(dataDir!);
        return Object.keys(states).length === 1 && states.completed === 5;
      });
      const recipients = working.received.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text).sort();
      expect(recipients).toEqual([
        'held_1@example.com',
        'held_2@example.com',
        'held_3@example.com',
        'held_4@example.com',
        'waiting_5@example.com',
      ]);
      expect(holding.held()).toBe(4);
      expect(second.output()).toContain('took back 4 job(s)');
      second.child.kill('SIGTERM');
      expect(await second.exited, second.output()).toBe(0);
    }
  }, 90_000);
});
