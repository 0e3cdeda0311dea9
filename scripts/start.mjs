#!/usr/bin/env node
// `npm start`: builds whatever is not built yet (web app, server bundle), then runs the server and hands it the
// stop signals.
//
// Signals: the server runs in its own process group and this script forwards SIGINT, SIGTERM and SIGHUP to it
// once each, so a signal sent to the whole group (Ctrl-C, systemd's KillMode=control-group) reaches the server
// once, not twice (directly and forwarded), and a signal sent to this process alone (npm forwards `docker stop`'s
// SIGTERM here: the start script is `exec node scripts/start.mjs`, so no shell sits between npm and this script
// to swallow it) reaches it too. The server also stops when this script dies without forwarding anything (its IPC
// channel closes), so it is never left running orphaned. This script exits with the server's exit code.
//
// AGORA_SERVER_ENTRY runs another entry instead of the built bundle, without building (the process tests run
// apps/server/src/main.ts through tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib/newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function ensureBuilt(name, output, sources) {
  const out = path.join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newestMtime(sources.map((s) => path.join(root, s)))) return;
  console.log(`[agora] Building ${name}...`);
  const result = spawnSync(npm, ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const entry = process.env.AGORA_SERVER_ENTRY;
if (!entry) {
  ensureBuilt('@agora/web', 'apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'packages/contract/src',
  ]);
  ensureBuilt('@agora/server', 'apps/server/dist/main.js', ['apps/server/src', 'packages/contract/src']);
}
const nodeArgs = entry
  ? [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), path.resolve(root, entry)]
  : [path.join(root, 'apps/server/dist/main.js')];

const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
  detached: process.platform !== 'win32',
});
// Each signal is forwarded as it arrives (npm may forward the one the group already delivered here: the server
// ignores a repeat within a few seconds, and a later one makes it exit at once, as a second Ctrl-C should).
// SIGHUP (the terminal closed) asks for the same graceful stop as SIGTERM.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
