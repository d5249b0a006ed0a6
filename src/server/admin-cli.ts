/**
 * `npm run admin -- create <username> [--email <email>] [--name <name>]`: creates an administrator account in
 * the configured database (DATABASE_URL, or the PGlite folder DATA_DIR), migrating it first. The password
 * and second password come from ADMIN_PASSWORD / ADMIN_SECOND_PASSWORD or, at a terminal, from a prompt
 * that does not echo; the member password policy applies. With two-person approval (decision 0160) this is
 * how a deployment gets its first two administrators; later ones are granted on the admin page by two
 * administrators, and this command makes one only with `--additional` (decision 0370), with a warning.
 * Runs from the production build too (dist/server/admin-cli.js, scripts/admin.mjs).
 */

import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';
import { MSG } from '../shared/messages';
import { USERNAME_PATTERN } from '../shared/schemas/auth';
import { writeAudit } from './audit/write-audit';
import { hashSecret, setPasswordHashCost } from './auth/password';
import { createZeroBalances } from './auth/signup';
import { loadConfig, meetsPasswordPolicy } from './config';
import { openDb } from './db';
import { migrate } from './db/migrate';
import { ADMIN_CHANGE_LOCK } from './members/close-member';
import { assertDataDirFree, OpsError } from './ops/backup';

const C = MSG.proposals.cli;

class CliError extends Error {}

function parseArgs(argv: string[]) {
  const [command, username, ...all] = argv;
  if (command !== 'create' || !username) throw new CliError(C.usage);
  const additional = all.includes('--additional');
  const rest = all.filter((a) => a !== '--additional');
  const opts: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i];
    const value = rest[i + 1];
    if (!key?.startsWith('--') || value === undefined || !['--email', '--name'].includes(key)) {
      throw new CliError(C.usage);
    }
    opts[key.slice(2)] = value;
  }
  return { username: username.trim(), email: opts.email, name: opts.name, additional };
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  if (!stdin.isTTY) return Promise.reject(new CliError(C.noInput));
  return new Promise((resolve) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void };
    out._writeToOutput = (s: string) => {
      if (s.includes(question)) stdout.write(question);
    };
    rl.question(question, (answer) => {
      rl.close();
      stdout.write('\n');
      resolve(answer);
    });
  });
}

export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = parseArgs(argv);
  if (!USERNAME_PATTERN.test(args.username)) throw new CliError(C.badUsername);
  const password = env.ADMIN_PASSWORD || (await promptHidden(C.passwordPrompt));
  if (!meetsPasswordPolicy(password)) throw new CliError(MSG.signup.passwordRule);
  const second = env.ADMIN_SECOND_PASSWORD || (await promptHidden(C.secondPrompt));
  if (!/^\d{4,6}$/.test(second)) throw new CliError(C.badSecond);
  // The seed settings are not this command's: only the database settings are read.
  const config = loadConfig({ ...env, ADMIN_PASSWORD: undefined, ADMIN_SECOND_PASSWORD: undefined });
  setPasswordHashCost(config.passwordHashCost);
  // A running embedded server holds its folder: a second PGlite on it would write where the server never
  // reads (the account would be lost at its next start) or corrupt it. Stop the server first.
  if (!config.databaseUrl) {
    try {
      await assertDataDirFree(config.dataDir);
    } catch (err) {
      if (err instanceof OpsError) throw new CliError(`${err.message}\n${C.stopServerFirst}`);
      throw err;
    }
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const [passwordHash, secondHash] = await Promise.all([hashSecret(password), hashSecret(second)]);
    const email = args.email ?? `${args.username}@admin.local`;
    const extra = await db.tx(async (q) => {
      // One creation at a time, as role changes and closings: the count below cannot change under it.
      await q.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_CHANGE_LOCK]);
      const taken = await q.query(
        'SELECT 1 FROM members WHERE lower(username) = lower($1) OR lower(email) = lower($2)',
        [args.username, email],
      );
      if (taken.length) throw new CliError(C.taken);
      // The first two administrators come from here; later ones are granted by two administrators on the
      // desk (decision 0370), so this way needs saying so explicitly.
      const [admins] = await q.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM members WHERE is_admin AND closed_at IS NULL',
      );
      const n = admins?.n ?? 0;
      if (n >= 2 && !args.additional) throw new CliError(MSG.guards.cliAdditionalRequired(n));
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO members (username, email, full_name, password_hash, second_password_hash, is_admin)
         VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
        [args.username, email, args.name ?? '관리자', passwordHash, secondHash],
      );
      await createZeroBalances(q, row!.id);
      await writeAudit(q, {
        actorId: null,
        actorUsername: 'npm run admin',
        action: 'member.admin.create',
        targetType: 'member',
        targetId: row!.id,
        after: { username: args.username, email, is_admin: true, additional: n >= 2 },
      });
      return n >= 2;
    });
    const created = C.created(args.username, config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`);
    return extra ? `${created}\n${MSG.guards.cliAdditionalWarning}` : created;
  } finally {
    await db.close();
  }
}

const isMain = process.argv[1] && /admin-cli\.(ts|js)$/.test(process.argv[1]);
if (isMain) {
  runAdminCli(process.argv.slice(2)).then(
    (msg) => {
      console.log(msg);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err instanceof CliError ? err.message : err);
      process.exit(err instanceof CliError ? 2 : 1);
    },
  );
}
