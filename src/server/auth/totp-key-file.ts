import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

/** The embedded default's one-time-code key, beside the database it seals (decision 0470). */
const TOTP_KEY_FILE = 'totp-encryption.key';

/**
 * The key sealing one-time-code secrets of an embedded data folder started without TOTP_ENCRYPTION_KEY:
 * made once (32 random bytes, 64 hex digits) readable by its owner alone, then read at every start, so an
 * administrator who enrolled a code on `npm start` signs in again after a restart with no setting. Created
 * exclusively: two starts racing on a new folder keep the first key.
 */
export function embeddedTotpKey(dataDir: string): Buffer {
  const file = path.join(dataDir, TOTP_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // A restored backup or a copied folder may have widened it: owner-only again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text)) {
    throw new ConfigError([
      {
        variable: 'TOTP_ENCRYPTION_KEY',
        ko: `데이터 폴더의 ${TOTP_KEY_FILE} 파일이 32바이트 키(16진수 64자)가 아닙니다: ${file}`,
        en: `${file} does not hold a 32-byte key (64 hex digits)`,
      },
    ]);
  }
  return Buffer.from(text, 'hex');
}
