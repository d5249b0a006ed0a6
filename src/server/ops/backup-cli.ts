// `npm run backup -- FILE`: a snapshot of the embedded database as FILE (.tar.gz), taken by the running server
// (over its ops socket) or, with no server running, from the data folder directly.
// PostgreSQL (DATABASE_URL set): pg_dump, see docs/BACKUP.md.
import { createWriteStream, existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDb } from '../db';
import {
  type BackupManifest,
  OpsError,
  opsSocketPath,
  packSnapshot,
  serverRunsOn,
  snapshotDataDir,
} from './backup';
import { fail, readCliArgs } from './cli-args';

/** A backup holds password hashes and personal data: readable by its owner only. */
const BACKUP_MODE = 0o600;

const USAGE =
  '사용법 / usage: npm run backup -- <파일.tar.gz> [--force]  (DATA_DIR의 내장 데이터베이스 / the embedded database in DATA_DIR)';

async function fromServer(dataDir: string, partial: string): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: opsSocketPath(dataDir), path: '/backup', method: 'GET' }, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () =>
          reject(new OpsError(`서버가 백업을 거절했습니다 (${res.statusCode}): ${body.trim()}`)),
        );
        return;
      }
      const header = res.headers['x-wallet-backup'];
      const manifest = JSON.parse(Buffer.from(String(header), 'base64').toString()) as BackupManifest;
      pipeline(res, createWriteStream(partial, { mode: BACKUP_MODE })).then(() => {
        // A cut connection (the server stopped midway) ends the stream early: the archive would be short.
        if (!res.complete) reject(new OpsError('백업 전송이 중간에 끊겼습니다 / the backup was cut off'));
        else resolve(manifest);
      }, reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function fromFolder(dataDir: string, partial: string): Promise<BackupManifest> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new OpsError(
      `데이터 폴더에 데이터베이스가 없습니다: ${dataDir} / No database in the data folder: ${dataDir}`,
    );
  }
  const db = await openDb({ dataDir });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'wallet-backup-'));
  try {
    const manifest = await snapshotDataDir(db, dataDir, tmp).finally(() => db.close());
    await pipeline(packSnapshot(tmp), createWriteStream(partial, { mode: BACKUP_MODE }));
    return manifest;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  const { file, force, config } = readCliArgs(
    USAGE,
    'DATABASE_URL이 설정되어 있습니다: PostgreSQL은 pg_dump로 백업합니다 (docs/BACKUP.md) / DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/BACKUP.md)',
  );
  if (existsSync(file) && !force) {
    fail(
      `파일이 이미 있습니다 (덮어쓰려면 --force): ${file} / File exists (use --force to overwrite): ${file}`,
    );
  }
  const partial = `${file}.partial-${process.pid}`;
  const running = await serverRunsOn(config.dataDir);
  try {
    const manifest = running
      ? await fromServer(config.dataDir, partial)
      : await fromFolder(config.dataDir, partial);
    renameSync(partial, file);
    const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
    const c = manifest.counts;
    console.log(
      `백업 완료 / backup written: ${file} (${mb} MB, ${running ? '실행 중인 서버의 스냅샷 / snapshot by the running server' : '멈춘 서버의 데이터 폴더 / data folder of a stopped server'})`,
    );
    console.log(
      `  ${manifest.createdAt} · 회원 ${c.members} · 원장 ${c.ledger_entries} · 입금 ${c.deposits} · 출금 ${c.withdrawals} · 감사 로그 ${c.audit_log} · 마이그레이션 ${manifest.migrations.length}`,
    );
  } catch (err) {
    rmSync(partial, { force: true });
    if (err instanceof OpsError) fail(err.message);
    throw err;
  }
}

await main();
