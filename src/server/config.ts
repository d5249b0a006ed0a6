import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_ADMIN_CHAT_URL,
  PRICE_FETCH_TIMEOUT_MS,
  PRICE_REFRESH_MS,
  PRICE_STALE_SECONDS,
} from '../shared/constants';
import { DEFAULT_EXPLORER_URLS, type ExplorerUrls } from '../shared/explorers';
import { MSG } from '../shared/messages';
import { PASSWORD_PATTERN } from '../shared/schemas/auth';
import type { PriceFeedConfig } from './prices/refresh-prices';

/** Public price providers that need no key (Binance's ticker, open.er-api.com's daily USD rates). */
export const DEFAULT_PRICE_FEED_URL =
  'https://api.binance.com/api/v3/ticker/price?symbols=%5B%22ETHUSDT%22%2C%22XRPUSDT%22%5D';
export const DEFAULT_FX_FEED_URL = 'https://open.er-api.com/v6/latest/USD';
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
/** An unset or empty variable is absent. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
const httpUrl = z.url({ protocol: /^https?$/ });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_SECOND_PASSWORD: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-address limits; per-account limits are fixed by SPEC/DESIGN (AUTH_LIMITS). */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  STATIC_DIR: z.string().default('./dist/client'),
  /** My page: the external form that links or changes a member's bank account (unset: the button is off). */
  BANK_FORM_URL: optionalText(httpUrl),
  /** Outgoing mail (email-change links); unset: the link is written to the server log instead. */
  SMTP_URL: optionalText(z.string().regex(/^smtps?:\/\//, 'smtp:// 또는 smtps:// 주소여야 합니다')),
  SMTP_FROM: z.string().default('코인 월렛 <no-reply@localhost>'),
  /** The address members open the app at, for links in mails; unset: the address of the request. */
  PUBLIC_URL: optionalText(httpUrl),
  PRICE_REFRESH: bool,
  PRICE_FEED_URL: httpUrl.default(DEFAULT_PRICE_FEED_URL),
  FX_FEED_URL: httpUrl.default(DEFAULT_FX_FEED_URL),
  PRICE_REFRESH_MS: z.coerce.number().int().min(100).default(PRICE_REFRESH_MS),
  PRICE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(PRICE_FETCH_TIMEOUT_MS),
  PRICE_STALE_SECONDS: z.coerce.number().int().min(1).default(PRICE_STALE_SECONDS),
  /** The administrator chat link shown when a member has no deposit address. */
  ADMIN_CHAT_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//i.test(u), 'http(s) 주소여야 합니다.')
    .default(DEFAULT_ADMIN_CHAT_URL),
  /** Block explorers linked from the administrator's request list (issue 13): base URL per network. */
  EXPLORER_URL_TRC20: httpUrl.default(DEFAULT_EXPLORER_URLS.TRC20),
  EXPLORER_URL_ERC20: httpUrl.default(DEFAULT_EXPLORER_URLS.ERC20),
  EXPLORER_URL_XRPL: httpUrl.default(DEFAULT_EXPLORER_URLS.XRPL),
  EXPLORER_URL_BTC: httpUrl.default(DEFAULT_EXPLORER_URLS.BTC),
  // Operations (src/server/ops, decision 0122).
  /** `/metrics` on the main port for requests with `Authorization: Bearer <token>`; unset: refused. */
  METRICS_TOKEN: optionalText(z.string().min(16, '16자 이상이어야 합니다 (at least 16 characters)')),
  /** `/metrics` on its own port (no token needed there); unset: only the token way above. */
  METRICS_PORT: optionalText(z.coerce.number().int().min(1).max(65535)),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** SIGTERM: how long requests in flight may take before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { username?: string; password?: string; secondPassword?: string };
  /** Whose X-Forwarded-* headers are believed (decision 0105): nobody, N hops, or these proxies. */
  trustProxy: TrustProxy;
  logLevel: string;
  rateLimitPerAddress: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  staticDir: string | null;
  bankFormUrl: string | null;
  smtpUrl: string | null;
  smtpFrom: string;
  publicUrl: string | null;
  /** The price service: refresh on/off and its providers (src/server/prices). */
  prices: PriceFeedConfig & { refresh: boolean };
  adminChatUrl: string;
  explorerUrls: ExplorerUrls;
  /** Health, metrics and shutdown (src/server/ops). */
  ops: {
    metricsToken: string | null;
    metricsPort: number | null;
    metricsHost: string;
    shutdownTimeoutMs: number;
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`설정 값이 올바르지 않습니다:\n${lines}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (e.ADMIN_PASSWORD !== undefined && !meetsPasswordPolicy(e.ADMIN_PASSWORD)) {
    throw new Error(
      `설정 값이 올바르지 않습니다:\n  ADMIN_PASSWORD: ${MSG.signup.passwordRule} (회원과 같은 비밀번호 규칙)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    admin: {
      username: e.ADMIN_USERNAME,
      password: e.ADMIN_PASSWORD,
      secondPassword: e.ADMIN_SECOND_PASSWORD,
    },
    trustProxy,
    logLevel: e.LOG_LEVEL,
    rateLimitPerAddress: e.RATE_LIMIT_PER_ADDRESS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    staticDir: path.resolve(e.STATIC_DIR),
    bankFormUrl: e.BANK_FORM_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    smtpFrom: e.SMTP_FROM,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    prices: {
      refresh: e.PRICE_REFRESH ?? true,
      feedUrl: e.PRICE_FEED_URL,
      fxUrl: e.FX_FEED_URL,
      intervalMs: e.PRICE_REFRESH_MS,
      timeoutMs: e.PRICE_FETCH_TIMEOUT_MS,
      staleSeconds: e.PRICE_STALE_SECONDS,
    },
    adminChatUrl: e.ADMIN_CHAT_URL,
    explorerUrls: {
      TRC20: e.EXPLORER_URL_TRC20,
      ERC20: e.EXPLORER_URL_ERC20,
      XRPL: e.EXPLORER_URL_XRPL,
      BTC: e.EXPLORER_URL_BTC,
    },
    ops: {
      metricsToken: e.METRICS_TOKEN ?? null,
      metricsPort: e.METRICS_PORT ?? null,
      metricsHost: e.METRICS_HOST,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
  };
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
  const fail = (why: string): never => {
    throw new Error(`설정 값이 올바르지 않습니다:\n  TRUST_PROXY: ${why}`);
  };
  const v = raw?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v.toLowerCase() === 'true') {
    return fail(
      '`true`는 더 이상 쓸 수 없습니다 (클라이언트가 직접 쓴 X-Forwarded-For까지 믿게 됩니다). 앞단 프록시의 수(예: 1) 또는 프록시의 주소·CIDR 범위(예: 10.0.0.0/8)를 적어 주세요.',
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) fail('프록시 수는 1에서 10 사이여야 합니다.');
    return { hops };
  }
  const addresses = v.split(',').map((a) => a.trim());
  for (const a of addresses) {
    if (TRUST_KEYWORDS.has(a)) continue;
    const [ip, mask, extra] = a.split('/');
    const family = isIP(ip ?? '');
    if (!family || extra !== undefined) fail(`'${a}'은(는) IP 주소나 CIDR 범위가 아닙니다.`);
    if (mask === undefined) continue;
    const bits = family === 4 ? 32 : 128;
    if (/^\d+$/.test(mask)) {
      const n = Number(mask);
      if (n < 1 || n > bits)
        fail(`'${a}'의 범위가 올바르지 않습니다 (모든 주소를 믿는 범위는 쓸 수 없습니다).`);
    } else if (family !== 4 || isIP(mask) !== 4 || mask === '0.0.0.0') {
      fail(`'${a}'의 넷마스크가 올바르지 않습니다.`);
    }
  }
  return { addresses };
}

/** The member password policy (SPEC §5: 8+ characters with letters and digits), which ADMIN_PASSWORD follows. */
export const meetsPasswordPolicy = (p: string) => p.length <= 128 && PASSWORD_PATTERN.test(p);
