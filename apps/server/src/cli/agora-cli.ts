import path from 'node:path';
import { ADMIN_LIMITS, suspendRequestSchema } from '@agora/contract';
import { type AppContext, createAppContext } from '../context';
import { createUploadStore } from '../lib/file-store';
import { AppError } from '../lib/app-error';
import { OPERATOR, setSiteAdmin, suspendUser, unsuspendUser, userIdByUsername } from '../modules/admin/admin.service';
import { setGroupVerified } from '../modules/groups/groups.service';
import { loadConfig } from '../plugins/config';
import { runDbUpgrade } from './db-upgrade';
import { backupFileName, createBackup } from '../backups/backup';
import { countsTable, restoreBackup, RestoreRefused } from '../backups/restore';
import { openCliDatabase, runningEmbeddedUrl } from './database';

const USAGE = `Usage: npm run agora -- <command>

Commands:
  group:verify <slug or id>     give a community the verified badge
  group:unverify <slug or id>   take the verified badge away
  user:admin <username>         make the account a site admin (reports of every community, suspensions, /admin)
  user:unadmin <username>       take the site admin role away
  user:suspend <username> --reason "<text>" [--days <1-${ADMIN_LIMITS.daysMax}>]
                                suspend the account (no end without --days): sessions end, sign-in refused
  user:unsuspend <username>     lift the suspension
  db:upgrade [--old-bin DIR]    upgrade the embedded database to the PostgreSQL major this Agora ships (Agora
                                stopped; the old folder is kept; docs/OPERATIONS.md, "Upgrades")
  backup [--to <file>]          a backup of the database and the uploads in one .tar.gz
                                (default DATA_DIR/backups/agora-backup-<time>.tar.gz)
  restore <file>                restore a backup into an empty DATA_DIR (or empty DATABASE_URL database),
                                then run pending migrations and compare the counts
  help                          this text

Works whether or not Agora is running: DATABASE_URL if set, else the embedded PostgreSQL of DATA_DIR.`;

type Out = { log: (m: string) => void; error: (m: string) => void };
type Parsed = { target: string; options: Record<string, string> };

/** `<target> [--name value]…`, or null when the words do not have that shape. */
function parseArgs(words: string[], allowed: string[]): Parsed | null {
  const [target, ...rest] = words;
  if (!target || target.startsWith('--')) return null;
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i]!.replace(/^--/, '');
    const value = rest[i + 1];
    if (!rest[i]!.startsWith('--') || !allowed.includes(name) || value === undefined || name in options) return null;
    options[name] = value;
  }
  return { target, options };
}

type Command = { options: string[]; run: (ctx: AppContext, args: Parsed, out: Out) => Promise<number> };

function verifyCommand(verified: boolean): Command {
  return {
    options: [],
    run: async (ctx, { target }, out) => {
      const group = await setGroupVerified(ctx, target, verified);
      if (!group) {
        out.error(`No community "${target}" (give its slug, a former slug, or its id).`);
        return 1;
      }
      out.log(`${verified ? 'Verified' : 'Unverified'}: "${group.groupName}" (/group/${group.slug}, id ${group.id})`);
      return 0;
    },
  };
}

function adminCommand(admin: boolean): Command {
  return {
    options: [],
    run: async (ctx, { target }, out) => {
      const user = await setSiteAdmin(ctx, OPERATOR, { username: target, admin });
      if (!user) {
        out.error(`No account "${target}".`);
        return 1;
      }
      out.log(`${admin ? 'Site admin' : 'No longer a site admin'}: ${user.username} (id ${user.id})`);
      return 0;
    },
  };
}

/** A command on an account named by username: unknown names exit 1, refusals print the API's message. */
function accountCommand(options: string[], act: (ctx: AppContext, userId: number, args: Parsed) => Promise<{ message: string }>): Command {
  return {
    options,
    run: async (ctx, args, out) => {
      const userId = await userIdByUsername(ctx, args.target);
      if (userId === null) {
        out.error(`No account "${args.target}".`);
        return 1;
      }
      try {
        out.log(`${(await act(ctx, userId, args)).message}: ${args.target}`);
        return 0;
      } catch (error) {
        if (error instanceof AppError) {
          out.error(error.message);
          return 1;
        }
        throw error;
      }
    },
  };
}

const COMMANDS: Record<string, Command> = {
  'group:verify': verifyCommand(true),
  'group:unverify': verifyCommand(false),
  'user:admin': adminCommand(true),
  'user:unadmin': adminCommand(false),
  'user:suspend': accountCommand(['reason', 'days'], async (ctx, userId, { options }) => {
    const input = suspendRequestSchema.safeParse({
      reason: options.reason ?? '',
      ...(options.days !== undefined ? { days: Number(options.days) } : {}),
    });
    if (!input.success) throw AppError.badRequest(input.error.issues[0]!.message);
    return suspendUser(ctx, OPERATOR, { userId, ...input.data });
  }),
  'user:unsuspend': accountCommand([], (ctx, userId) => unsuspendUser(ctx, OPERATOR, { userId })),
};

/**
 * The operator command line (`npm run agora -- …`). Returns the exit code: 0 done, 1 not found or refused,
 * 2 wrong usage. There is no API for verification or site admins: only whoever runs the server decides.
 */
export async function runAgoraCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out: Out = console): Promise<number> {
  const [name, ...words] = argv;
  if (!name || name === 'help' || name === '--help') {
    out.log(USAGE);
    return name ? 0 : 2;
  }
  if (name === 'db:upgrade') {
    // Never opens the database the usual way: the shipped binaries refuse the old major's folder.
    const args = parseArgs(['db', ...words], ['old-bin']);
    if (!args) {
      out.error(USAGE);
      return 2;
    }
    return runDbUpgrade(loadConfig(env), args.options, out);
  }
  if (name === 'backup' || name === 'restore') return runBackupCommand(name, words, env, out);
  const command = COMMANDS[name];
  const args = command ? parseArgs(words, command.options) : null;
  if (!command || !args) {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const database = await openCliDatabase(config, (m) => out.log(`[agora] ${m}`));
  try {
    const ctx: AppContext = createAppContext({
      db: database.db,
      rateLimit: false,
      uploads: createUploadStore(config),
      exportsDir: config.exportsDir,
      sessionTtlMs: config.sessionTtlMs,
      publicUrl: config.publicUrl,
      passwordWork: config.passwordWork,
    });
    const code = await command.run(ctx, args, {
      log: (m) => out.log(`${m} [${database.how}]`),
      error: out.error,
    });
    return code;
  } finally {
    await database.release();
  }
}

/** `backup [--to FILE]` and `restore FILE` (issue 18 §1, docs/decisions/0140-backups-logical-dump.md). */
async function runBackupCommand(name: 'backup' | 'restore', words: string[], env: NodeJS.ProcessEnv, out: Out): Promise<number> {
  const valid =
    name === 'backup'
      ? words.length === 0 || (words.length === 2 && words[0] === '--to')
      : words.length === 1 && !words[0]!.startsWith('--');
  if (!valid) {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const uploads = createUploadStore(config);
  if (name === 'backup') {
    const database = await openCliDatabase(config, (m) => out.log(`[agora] ${m}`));
    try {
      const file = path.resolve(words[1] ?? path.join(config.dataDir, 'backups', backupFileName(new Date())));
      const result = await createBackup({ sql: database.sql, uploads, migrationsDir: config.migrationsDir, file });
      const c = result.manifest.counts;
      out.log(
        `Backup written: ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s; migration ${result.manifest.migration.tag}; ` +
          `${c.users} users, ${c.communities} communities, ${c.discussions} discussions, ${c.comments} comments, ${c.blogs} blogs, ${c.uploads} uploads) [${database.how}]`,
      );
      if (result.manifest.uploadsMissing.length > 0) {
        out.error(
          `${result.manifest.uploadsMissing.length} uploads listed in the database were missing from the store and are not in the backup (first: ${result.manifest.uploadsMissing[0]}).`,
        );
      }
      return 0;
    } finally {
      await database.release();
    }
  }
  if (!config.databaseUrl && runningEmbeddedUrl(config.dataDir)) {
    out.error(`Agora is running on DATA_DIR ${config.dataDir}: restore into a new, empty DATA_DIR (set DATA_DIR), never over a live one.`);
    return 1;
  }
  try {
    const result = await restoreBackup({
      file: path.resolve(words[0]!),
      target: config.databaseUrl ? { kind: 'database', url: config.databaseUrl } : { kind: 'embedded', dataDir: config.dataDir },
      uploads,
      migrationsDir: config.migrationsDir,
      log: (m) => out.log(`[agora] ${m}`),
    });
    out.log(
      `Restored the backup of ${result.manifest.createdAt} (Agora ${result.manifest.agoraVersion}, migration ${result.manifest.migration.tag}):`,
    );
    out.log(countsTable(result.manifest.counts, result.now));
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}
