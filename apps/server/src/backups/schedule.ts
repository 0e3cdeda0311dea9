import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type postgres from 'postgres';
import type { UploadStore } from '../lib/file-store';
import { backupFileName, createBackup, type BackupResult } from './backup';

/** Where scheduled backups go and how many are kept (BACKUP_SCHEDULE, BACKUP_KEEP; plugins/config.ts). */
export type BackupSchedule = { cron: string | null; keep: number; dir: string };

const BACKUP_FILE = /^agora-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

/**
 * The `backup` job (jobs/queue.ts, once per cluster): a new backup under DATA_DIR/backups, then the oldest ones
 * beyond `keep` removed. Old backups are only removed after the new one was written completely, so a failing
 * backup never costs the good ones.
 */
export async function runScheduledBackup(options: {
  sql: postgres.Sql;
  uploads: UploadStore;
  migrationsDir: string;
  schedule: BackupSchedule;
  now: Date;
}): Promise<{ result: BackupResult; removed: string[] }> {
  const { dir, keep } = options.schedule;
  const result = await createBackup({
    sql: options.sql,
    uploads: options.uploads,
    migrationsDir: options.migrationsDir,
    file: path.join(dir, backupFileName(options.now)),
    now: options.now,
  });
  const backups = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return { result, removed };
}
