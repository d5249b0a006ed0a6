import { isIP } from 'node:net';
import { HDKey } from '@scure/bip32';
import { PASSWORD_PATTERN } from '../shared/schemas/auth';

/** Configuration values that need more than a schema, and the refusal. */

/** Refused configuration: one line per variable, in Korean and English; main prints it without a stack. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; ko: string; en: string }[]) {
    super(
      problems
        .map(
          (p) =>
            `설정 오류: ${p.variable} 값이 올바르지 않습니다 (${p.ko}) / Configuration error: ${p.variable} ${p.en}`,
        )
        .join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** TOTP_ENCRYPTION_KEY: exactly 32 bytes, written as 64 hex digits or as base64. */
export function parseTotpKey(raw: string | undefined): Buffer | null {
  if (raw === undefined) return null;
  const v = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(v)
    ? Buffer.from(v, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(v)
      ? Buffer.from(v, v.includes('-') || v.includes('_') ? 'base64url' : 'base64')
      : null;
  if (key?.length !== 32) {
    throw new Error(
      '설정 값이 올바르지 않습니다:\n  TOTP_ENCRYPTION_KEY: 32바이트 키를 16진수 64자 또는 base64로 적어 주세요 (예: openssl rand -hex 32).',
    );
  }
  return key;
}

/** TRUST_PROXY, parsed: `false` (no proxy), a hop count, or the proxies' addresses / CIDR ranges. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const TRUST_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Decision 0105. Unset, `false` or `0`: no proxy, the socket's address is the client's. A whole number
 * N ≥ 1: N proxies in front, each appending to X-Forwarded-For (the server must be reachable only through
 * them). Otherwise a comma-separated list of the proxies' addresses or CIDR ranges (and proxy-addr's
 * `loopback`, `linklocal`, `uniquelocal`). `true`, and ranges that cover everyone (`/0`), are refused:
 * they would make the server believe an address the client wrote itself.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const fail = (ko: string, en: string): never => {
    throw new ConfigError([{ variable: 'TRUST_PROXY', ko, en }]);
  };
  const v = raw?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v.toLowerCase() === 'true') {
    return fail(
      '`true`는 더 이상 쓸 수 없습니다 (클라이언트가 직접 쓴 X-Forwarded-For까지 믿게 됩니다). 앞단 프록시의 수(예: 1) 또는 프록시의 주소·CIDR 범위(예: 10.0.0.0/8)를 적어 주세요.',
      'may not be `true` (it would believe an X-Forwarded-For the client wrote); give the number of proxies (e.g. 1) or their addresses / CIDR ranges (e.g. 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) fail('프록시 수는 1에서 10 사이여야 합니다.', 'must be a number of proxies from 1 to 10');
    return { hops };
  }
  const addresses = v.split(',').map((a) => a.trim());
  for (const a of addresses) {
    if (TRUST_KEYWORDS.has(a)) continue;
    const [ip, mask, extra] = a.split('/');
    const family = isIP(ip ?? '');
    if (!family || extra !== undefined)
      fail(
        `'${a}'은(는) IP 주소나 CIDR 범위가 아닙니다.`,
        `has '${a}', which is not an IP address or CIDR range`,
      );
    if (mask === undefined) continue;
    const bits = family === 4 ? 32 : 128;
    if (/^\d+$/.test(mask)) {
      const n = Number(mask);
      if (n < 1 || n > bits)
        fail(
          `'${a}'의 범위가 올바르지 않습니다 (모든 주소를 믿는 범위는 쓸 수 없습니다).`,
          `has '${a}', an invalid range (a range that trusts every address is refused)`,
        );
    } else if (family !== 4 || isIP(mask) !== 4 || mask === '0.0.0.0') {
      fail(`'${a}'의 넷마스크가 올바르지 않습니다.`, `has '${a}', whose netmask is invalid`);
    }
  }
  return { addresses };
}

/** The member password policy (SPEC §5: 8+ characters with letters and digits), which ADMIN_PASSWORD follows. */
export const meetsPasswordPolicy = (p: string) => p.length <= 128 && PASSWORD_PATTERN.test(p);

/** Why a configured extended key is refused (null: usable): the deposit keys of decision 0351 are watch-only account keys. */
export function xpubProblem(text: string): string | null {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text.trim());
  } catch {
    return 'not an extended public key (xpub…)';
  }
  if (key.privateKey) return 'an extended PRIVATE key: give the watch-only public key (xpub…) instead';
  if (key.depth !== 3) return `depth ${key.depth}: give the account-level key (m/44'/coin'/0', depth 3)`;
  return null;
}
