import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../plugins/config';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Where a generated key pair is kept (decision 0145): every node of a cluster must read the same one. */
export const vapidFile = (dataDir: string) => path.join(dataDir, 'vapid.json');

/**
 * The VAPID keys: VAPID_* when set (several nodes: set them, or share DATA_DIR/vapid.json), else the pair in
 * DATA_DIR/vapid.json, generated on the first start (written to a temporary file, mode 0600, then renamed: a crash
 * leaves the old file or none, never half of one). Changing the pair invalidates every browser subscription.
 */
export function loadVapidKeys(config: Pick<Config, 'vapid' | 'dataDir' | 'publicUrl'>): VapidKeys {
  if (config.vapid) return config.vapid;
  const subject = config.publicUrl.startsWith('https://') ? config.publicUrl : `mailto:push@${new URL(config.publicUrl).hostname}`;
  const file = vapidFile(config.dataDir);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
      throw new Error(
        `${file} is not a VAPID key pair: restore it from a backup, or delete it (every device must then turn push on again)`,
      );
    }
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return { ...keys, subject };
}
