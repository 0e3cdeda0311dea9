import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time of any file under the given paths (node_modules and dist skipped): is a build stale? */
export function newestMtime(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') walk(path.join(p, entry));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
}
