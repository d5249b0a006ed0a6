// `npm run restore -- FILE [--force]`: puts a backup of `npm run backup` into DATA_DIR, with the server
// stopped, then opens it and checks the ledger. A data folder that holds anything is kept:
// refused without --force; with it, moved aside to DATA_DIR.before-restore-<time>, never deleted.
// PostgreSQL (DATABASE_URL set): pg_restore, see docs/BACKUP.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { openDb } from '../db';
import { verifyLedger } from '../wallet/ledger';
import { BACKUP_MANIFEST, type BackupManifest, OPS_SOCKET, OpsError, serverRunsOn } from './backup';
import { fail, readCliArgs } from './cli-args';

const USAGE =
  '사용법 / usage: npm run restore -- <백업 파일.tar.gz> [--force]  (서버를 멈춘 뒤 / with the server stopped)';

/** Anything but a stopped server's leftover socket counts as content. */
const holdsData = (dir: string) => existsSync(dir) && readdirSync(dir).some((e) => e !== OPS_SOCKET);

async function main() {
  const { file, force, config } = readCliArgs(
    USAGE,
    'DATABASE_URL이 설정되어 있습니다: PostgreSQL은 pg_restore로 복원합니다 (docs/BACKUP.md) / DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/BACKUP.md)',
  );
  const dataDir = config.dataDir;
  if (!existsSync(file)) fail(`백업 파일이 없습니다: ${file} / No such backup file: ${file}`);
  if (await serverRunsOn(dataDir)) {
    fail(
      `서버가 이 데이터 폴더로 실행 중입니다. 먼저 서버를 멈추세요: ${dataDir} / A server is running on this data folder; stop it first: ${dataDir}`,
    );
  }
  if (holdsData(dataDir) && !force) {
    fail(
      `데이터 폴더가 비어 있지 않습니다 (덮어쓰려면 --force, 기존 폴더는 옆으로 옮겨 둡니다): ${dataDir} / The data folder is not empty (use --force; the current folder is moved aside, not deleted): ${dataDir}`,
    );
  }

  // Unpacked beside the data folder first: a bad archive never touches the current data.
  const staging = `${dataDir.replace(/[\\/]+$/, '')}.restore-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let manifest: BackupManifest;
  try {
    await tar.x({ file, cwd: staging, strict: true });
    manifest = JSON.parse(readFileSync(path.join(staging, BACKUP_MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 'wallet-pglite-backup' || !existsSync(path.join(staging, 'PG_VERSION'))) {
      throw new Error('not a backup');
    }
  } catch {
    rmSync(staging, { recursive: true, force: true });
    fail(`코인 월렛의 백업 파일이 아닙니다: ${file} / Not a wallet backup file: ${file}`);
  }
  rmSync(path.join(staging, BACKUP_MANIFEST));

  let movedAside: string | null = null;
  if (existsSync(dataDir)) {
    if (holdsData(dataDir)) {
      movedAside = `${dataDir.replace(/[\\/]+$/, '')}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, movedAside);
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  renameSync(staging, dataDir);
  if (movedAside)
    console.log(`기존 데이터 폴더를 옮겨 두었습니다 / previous data folder moved to: ${movedAside}`);

  // Opened once here: the database starts, and balances match the ledger.
  const db = await openDb({ dataDir });
  try {
    const report = await verifyLedger(db);
    const [m] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM members');
    const [l] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries');
    console.log(
      `복원 완료 / restored: ${file} → ${dataDir} (백업 시각 / taken ${manifest.createdAt}; 회원 ${m?.n} · 원장 ${l?.n})`,
    );
    if (!report.ok) {
      console.error(
        `원장 검사 실패 / ledger check FAILED: ${JSON.stringify({ mismatches: report.mismatches, negative: report.negativeBalances })}`,
      );
      process.exitCode = 1;
    } else {
      console.log(`원장 검사 통과 / ledger check passed (잔액 ${report.checkedBalances}개 / balances)`);
    }
  } finally {
    await db.close();
  }
}

await main().catch((err: unknown) => {
  if (err instanceof OpsError) fail(err.message);
  throw err;
});
