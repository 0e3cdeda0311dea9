import { z } from 'zod';
import type { AppContext } from '../context';
import type { Mailer } from '../mail/transport';
import { sendPasswordReset } from '../modules/account/account.service';
import { buildExport, sweepExpiredExports } from '../modules/account/export.service';
import { deleteExpiredAccountTokens } from '../modules/account/account.queries';
import { deleteExpiredSessions } from '../modules/auth/auth.queries';
import { sendDigests } from '../modules/notifications/digest.service';
import { deliverWebPush } from '../modules/push/push.sender';
import { sweepUnattachedUploads } from '../modules/uploads/uploads.service';
import { runScheduledBackup, type BackupSchedule } from '../backups/schedule';
import type { JobHandler, QueueName } from './queue';

/** A mail job's data: the composed message (mail/compose.ts), so a retry sends exactly what was enqueued. */
const mailJob = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** An account job's data. */
const accountJob = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('password_reset'), email: z.string() }),
  z.object({ kind: z.literal('export'), exportId: z.number().int() }),
]);

/** What each queue's jobs do. */
export function jobHandlers(
  ctx: AppContext,
  mailer: Mailer,
  backups?: { schedule: BackupSchedule; migrationsDir: string; log: (message: string) => void },
): Record<QueueName, JobHandler> {
  return {
    mail: async (data) => {
      await mailer.send(mailJob.parse(data));
    },
    account: async (data) => {
      const job = accountJob.parse(data);
      if (job.kind === 'password_reset') await sendPasswordReset(ctx, job.email);
      else await buildExport(ctx, job.exportId);
    },
    // Expired sessions no longer authenticate (the lookup checks expires_at); this only keeps the table small.
    sweep: async () => {
      await deleteExpiredSessions(ctx.db);
      await sweepUnattachedUploads(ctx);
      await sweepExpiredExports(ctx);
      await deleteExpiredAccountTokens(ctx.db);
    },
    // The daily run (SCHEDULES): daily digests every day, weekly ones on Mondays; each person at most once a period.
    digest: async () => {
      await sendDigests(ctx, new Date());
    },
    // One web push message to one device (modules/push/push.sender.ts); retries are its own follow-up jobs.
    push: async (data) => {
      await deliverWebPush(ctx, data);
    },
    // BACKUP_SCHEDULE (decision 0141): a backup under DATA_DIR/backups, then the ones beyond BACKUP_KEEP removed.
    backup: async () => {
      if (!backups) return;
      const { result, removed } = await runScheduledBackup({
        sql: ctx.db.$client,
        uploads: ctx.uploads,
        migrationsDir: backups.migrationsDir,
        schedule: backups.schedule,
        now: new Date(),
      });
      backups.log(`backup written: ${result.file} (${result.bytes} bytes in ${result.ms} ms); removed ${removed.length} older`);
    },
  };
}
