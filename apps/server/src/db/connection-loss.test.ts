import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isConnectionLoss } from '../lib/pg-errors';
import { connect, type Database } from './client';

/**
 * A TCP proxy in front of the test PostgreSQL whose client-side connections the test can cut, as a network blip,
 * a terminated backend or a killed postmaster would.
 */
async function cuttableProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    open.add(client);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.on('close', () => (open.delete(client), upstream.destroy()));
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cutAll: () => open.forEach((s) => s.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a database connection lost in a transaction', () => {
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let database: Database;
  const uncaught: Error[] = [];
  const record = (error: Error) => uncaught.push(error);

  beforeAll(async () => {
    proxy = await cuttableProxy(inject('adminUrl'));
    database = connect(proxy.url, { max: 1 });
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await database.close();
    await proxy.close();
  });

  // postgres.js 3.4.9 wrote the transaction's ROLLBACK to the closed socket from a setImmediate: an uncaught
  // TypeError ("Cannot read properties of null (reading 'write')") that killed the process (patches/).
  it('rejects the transaction with CONNECTION_CLOSED, throws nothing uncaught, and the pool reconnects', async () => {
    await database.sql`select 1`;
    const transaction = database.sql.begin(async (tx) => {
      await tx`select 1`;
      setTimeout(proxy.cutAll, 50);
      await tx`select pg_sleep(2)`;
    });
    await expect(transaction).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    // The faulty write ran on the next turn of the event loop; give it several.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(uncaught.map((e) => e.message)).toEqual([]);
    const [row] = await database.sql<{ ok: number }[]>`select 1 as ok`;
    expect(row?.ok).toBe(1);
  });
});

describe('errors the driver raises for a database it cannot reach', () => {
  it('count as a connection loss (ECONNREFUSED from postgres.js, raw and under Drizzle)', async () => {
    // Port 1 on loopback: nothing listens, every connection is refused.
    const dead = connect('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    try {
      const raw = await dead.sql`select 1`.then(
        () => null,
        (e: unknown) => e,
      );
      expect(raw).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isConnectionLoss(raw)).toBe(true);
      const viaDrizzle = await dead.db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isConnectionLoss(viaDrizzle)).toBe(true);
      const inTransaction = await dead.db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isConnectionLoss(inTransaction)).toBe(true);
    } finally {
      await dead.close();
    }
  });
});
