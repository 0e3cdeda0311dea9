// The bench's reference point: a bare Fastify with one route and no plugins, in its own process, answering what
// /api/health answers. Same Fastify as the server (resolved from apps/server), same Node, same loopback, measured
// in the same run: every other figure is also printed as a ratio of this one, which cancels out the machine and
// the load generator. Usage: node scripts/bench/bare-server.mjs <port>  (prints "listening" when ready).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const Fastify = require('fastify');

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: bare-server.mjs <port>');

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${Fastify.version ?? app.version}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
