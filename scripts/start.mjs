#!/usr/bin/env node
// `npm start`: builds whatever is not built yet (web app, server bundle), then runs the server in this process
// group so SIGTERM/SIGINT reach it and it can stop the embedded PostgreSQL cleanly.
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

ensureBuilt('@agora/web', 'apps/web/dist/index.html', ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contract/src']);
ensureBuilt('@agora/server', 'apps/server/dist/main.js', ['apps/server/src', 'packages/contract/src']);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
