import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Debian's redis-server (installed by .ci/run), or REDIS_SERVER. */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
export const hasRedisServer = () => existsSync(REDIS_SERVER);

/** A free loopback TCP port (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a throwaway redis-server (no persistence) on a free port; resolves once it accepts connections. */
export async function startRedis(): Promise<{ url: string; process: ChildProcess; stop: () => void }> {
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  child.stdout!.resume();
  return { url: `redis://127.0.0.1:${port}`, process: child, stop: () => void child.kill('SIGTERM') };
}
