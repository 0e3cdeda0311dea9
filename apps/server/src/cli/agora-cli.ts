import { type AppContext, createAppContext } from '../context';
import { setGroupVerified } from '../modules/groups/groups.service';
import { loadConfig } from '../plugins/config';
import { openCliDatabase } from './database';

const USAGE = `Usage: npm run agora -- <command>

Commands:
  group:verify <slug or id>     give a community the verified badge
  group:unverify <slug or id>   take the verified badge away
  help                          this text

Works whether or not Agora is running: DATABASE_URL if set, else the embedded PostgreSQL of DATA_DIR.`;

const COMMANDS: Record<string, boolean> = { 'group:verify': true, 'group:unverify': false };

/**
 * The operator command line (`npm run agora -- …`). Returns the exit code: 0 done, 1 not found or failed,
 * 2 wrong usage. There is no API for these: only whoever runs the server decides who is verified.
 */
export async function runAgoraCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: { log: (m: string) => void; error: (m: string) => void } = console,
): Promise<number> {
  const [command, target, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    out.log(USAGE);
    return command ? 0 : 2;
  }
  if (!(command in COMMANDS) || !target || rest.length > 0) {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const database = await openCliDatabase(config, (m) => out.log(`[agora] ${m}`));
  try {
    const ctx: AppContext = createAppContext({
      db: database.db,
      rateLimit: false,
      uploadsDir: config.uploadsDir,
      exportsDir: config.exportsDir,
      sessionTtlMs: config.sessionTtlMs,
      publicUrl: config.publicUrl,
      passwordWork: config.passwordWork,
    });
    const group = await setGroupVerified(ctx, target, COMMANDS[command]!);
    if (!group) {
      out.error(`No community "${target}" (give its slug, a former slug, or its id).`);
      return 1;
    }
    out.log(
      `${COMMANDS[command] ? 'Verified' : 'Unverified'}: "${group.groupName}" (/group/${group.slug}, id ${group.id}) [${database.how}]`,
    );
    return 0;
  } finally {
    await database.release();
  }
}
