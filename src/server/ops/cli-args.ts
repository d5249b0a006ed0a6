/** The command line both `npm run backup` and `npm run restore` share: one file, `--force`, embedded database only. */
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** A path as the user typed it, relative to where `npm run` was started. */
const resolveArg = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * Reads `<file> [--force]` and the configuration; a PostgreSQL configuration is refused with
 * `postgresMessage` (its backups are pg_dump / pg_restore, docs/BACKUP.md).
 */
export function readCliArgs(
  usage: string,
  postgresMessage: string,
): { file: string; force: boolean; config: Config } {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1 || args.some((a) => a.startsWith('--') && a !== '--force')) fail(usage, 2);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
  if (config.databaseUrl) fail(postgresMessage, 2);
  return { file: resolveArg(files[0] as string), force, config };
}
