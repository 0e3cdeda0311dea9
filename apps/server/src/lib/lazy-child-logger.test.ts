import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('lazy request loggers', () => {
  it('log with the request id bound, like an eager child', async () => {
    const { lines, logger } = capture();
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLoggerFactory, disableRequestLogging: true });
    let id = '';
    app.get('/', async (request) => {
      id = request.id;
      request.log.warn({ detail: 42 }, 'something to see');
      expect(request.log.level).toBe('info');
      return { ok: true };
    });
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    await app.close();
    const line = lines.find((l) => l.msg === 'something to see');
    expect(line).toMatchObject({ reqId: id, detail: 42, level: 40 });
  });

  it('make no child logger for a request that never logs', async () => {
    const { logger } = capture();
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLoggerFactory, disableRequestLogging: true });
    app.get('/', async () => ({ ok: true }));
    await app.ready();
    const child = vi.spyOn(logger, 'child');
    for (let i = 0; i < 5; i += 1) expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    await app.close();
  });
});
