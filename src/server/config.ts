import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_ADMIN_CHAT_URL,
  PRICE_FETCH_TIMEOUT_MS,
  PRICE_REFRESH_MS,
  PRICE_STALE_SECONDS,
  SECOND_PASSWORD_MIN,
  SECOND_PASSWORD_SIGNUP_MAX,
} from '../shared/constants';
import { DEFAULT_EXPLORER_URLS, type ExplorerUrls } from '../shared/explorers';
import { MSG } from '../shared/messages';
import { PASSWORD_PATTERN, USERNAME_PATTERN } from '../shared/schemas/auth';
import { type ChainConfig, DEFAULT_CHAIN } from './chain/chain-config';
import type { PriceFeedConfig } from './prices/refresh-prices';

/** Public price providers that need no key (Binance's ticker, open.er-api.com's daily USD rates). */
export const DEFAULT_PRICE_FEED_URL =
  'https://api.binance.com/api/v3/ticker/price?symbols=%5B%22ETHUSDT%22%2C%22XRPUSDT%22%5D';
export const DEFAULT_FX_FEED_URL = 'https://open.er-api.com/v6/latest/USD';
/**
 * Configuration checks (issue 14): every variable is validated at start and refused with a message naming
 * it, in Korean and English; a value that is not understood is refused, never replaced by the default. An
 * empty variable counts as unset. To add a variable: one line in `envSchema` with one of these helpers (or
 * any zod schema: its issues are translated generically), a row in the README's configuration table.
 */
const SEP = '\u0001';
/** A message of a check: Korean and English, joined for the zod issue and split again by `ConfigError`. */
const says = (ko: string, en: string) => `${ko}${SEP}${en}`;
/** An integer within [min, max], written in plain decimal digits. */
const intIn = (min: number, max: number, unitKo = '', unitEn = '') => {
  const m = says(`${min}–${max}의 정수${unitKo}`, `must be an integer ${min}–${max}${unitEn}`);
  return z
    .string()
    .regex(/^\d+$/, m)
    .transform(Number)
    .refine((n) => n >= min && n <= max, m);
};
/** A duration in milliseconds. */
const msIn = (min: number, max: number) => intIn(min, max, ', 밀리초', ' (milliseconds)');
/** A number of hours within [min, max], fractions allowed (e.g. 0.5). */
const hoursIn = (min: number, max: number) => {
  const m = says(`${min}–${max} 사이의 시간 수`, `must be a number of hours ${min}–${max}`);
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, m)
    .transform(Number)
    .refine((n) => n >= min && n <= max, m);
};
/** `true`/`false` (also `1`/`0`, any case). */
const flag = () =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => ['true', 'false', '1', '0'].includes(v), says('true 또는 false', 'must be true or false'))
    .transform((v) => v === 'true' || v === '1');
/** One of the listed words. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: says(`${values.join(', ')} 중 하나`, `must be one of ${values.join(', ')}`) });
/** An absolute URL with one of the protocols (http/https by default). */
const urlOf = (protocols: string[] = ['http', 'https']) => {
  const list = protocols.map((p) => `${p}://`).join(', ');
  return z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return protocols.includes(u.protocol.replace(/:$/, '')) && u.hostname !== '';
      } catch {
        return false;
      }
    },
    says(`${list} 로 시작하는 주소`, `must be a URL starting with ${list}`),
  );
};
const HOSTNAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** An IP address or a host name to listen on. */
const hostOf = () =>
  z
    .string()
    .refine(
      (v) => isIP(v) !== 0 || HOSTNAME.test(v),
      says(
        'IP 주소 또는 호스트 이름 (예: 0.0.0.0, 127.0.0.1)',
        'must be an IP address or host name (e.g. 0.0.0.0)',
      ),
    );
/** Free text on one line (no control characters). */
const text = () =>
  z
    .string()
    .refine(
      (v) => ![...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
      says('제어 문자 없는 한 줄', 'must be one line with no control characters'),
    );

const envSchema = z.object({
  PORT: intIn(0, 65535, ' (0: 빈 포트 자동 선택)', ' (0: any free port)').default(3000),
  HOST: hostOf().default('0.0.0.0'),
  DATABASE_URL: urlOf(['postgres', 'postgresql']).optional(),
  DATA_DIR: text().default('./data'),
  ADMIN_USERNAME: z
    .string()
    .regex(
      USERNAME_PATTERN,
      says(
        '영문 소문자로 시작하는 4–20자의 영문 소문자·숫자·밑줄 (회원 아이디 규칙)',
        'must follow the username rule: 4–20 lowercase letters, digits or _, starting with a letter',
      ),
    )
    .optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine(
      (p) => meetsPasswordPolicy(p),
      says(
        `${MSG.signup.passwordRule} (회원과 같은 비밀번호 규칙)`,
        'must follow the member password policy: 8–128 characters with letters and digits',
      ),
    )
    .optional(),
  ADMIN_SECOND_PASSWORD: z
    .string()
    .regex(
      new RegExp(`^\\d{${SECOND_PASSWORD_MIN},${SECOND_PASSWORD_SIGNUP_MAX}}$`),
      says(
        `숫자 ${SECOND_PASSWORD_MIN}–${SECOND_PASSWORD_SIGNUP_MAX}자리`,
        `must be ${SECOND_PASSWORD_MIN}–${SECOND_PASSWORD_SIGNUP_MAX} digits`,
      ),
    )
    .optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-address limits; per-account limits are fixed by SPEC/DESIGN (AUTH_LIMITS). */
  RATE_LIMIT_PER_ADDRESS: intIn(1, 1_000_000_000).default(100),
  SESSION_IDLE_MINUTES: intIn(1, 525_600, ', 분', ' (minutes)').default(30),
  SESSION_ABSOLUTE_HOURS: intIn(1, 8_760, ', 시간', ' (hours)').default(12),
  STATIC_DIR: text().default('./dist/client'),
  /** My page: the external form that links or changes a member's bank account (unset: the button is off). */
  BANK_FORM_URL: urlOf().optional(),
  /** Outgoing mail (email-change links); unset: the link is written to the server log instead. */
  SMTP_URL: urlOf(['smtp', 'smtps']).optional(),
  SMTP_FROM: text().default('코인 월렛 <no-reply@localhost>'),
  /** The address members open the app at, for links in mails; unset: the address of the request. */
  PUBLIC_URL: urlOf().optional(),
  PRICE_REFRESH: flag().optional(),
  PRICE_FEED_URL: urlOf().default(DEFAULT_PRICE_FEED_URL),
  FX_FEED_URL: urlOf().default(DEFAULT_FX_FEED_URL),
  PRICE_REFRESH_MS: msIn(100, 86_400_000).default(PRICE_REFRESH_MS),
  PRICE_FETCH_TIMEOUT_MS: msIn(50, 60_000).default(PRICE_FETCH_TIMEOUT_MS),
  PRICE_STALE_SECONDS: intIn(1, 31_536_000, ', 초', ' (seconds)').default(PRICE_STALE_SECONDS),
  /** The administrator chat link shown when a member has no deposit address. */
  ADMIN_CHAT_URL: urlOf().default(DEFAULT_ADMIN_CHAT_URL),
  /** Block explorers linked from the administrator's request list (issue 13): base URL per network. */
  EXPLORER_URL_TRC20: urlOf().default(DEFAULT_EXPLORER_URLS.TRC20),
  EXPLORER_URL_ERC20: urlOf().default(DEFAULT_EXPLORER_URLS.ERC20),
  EXPLORER_URL_XRPL: urlOf().default(DEFAULT_EXPLORER_URLS.XRPL),
  EXPLORER_URL_BTC: urlOf().default(DEFAULT_EXPLORER_URLS.BTC),
  // Operations (src/server/ops, decision 0122).
  /** `/metrics` on the main port for requests with `Authorization: Bearer <token>`; unset: refused. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, says('공백 없는 16자 이상', 'must be at least 16 characters, no spaces'))
    .optional(),
  /** `/metrics` on its own port (no token needed there); unset: only the token way above. */
  METRICS_PORT: intIn(1, 65535).optional(),
  METRICS_HOST: hostOf().default('127.0.0.1'),
  /** SIGTERM: how long requests in flight may take before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: msIn(100, 600_000).default(10_000),
  // Read where they are used (src/server/db/pglite-open.ts, src/server/events/hub.ts); checked here at start.
  PGLITE_TEMPLATE: oneOf(['on', 'off']).optional(),
  PGLITE_TEMPLATE_DIR: text().optional(),
  EVENTS_HEARTBEAT_MS: msIn(10, 3_600_000).optional(),
  // Deposits checked on chain (src/server/chain, decision 0170). Unset RPC/API URL: that network is not checked.
  ETH_RPC_URL: urlOf().optional(),
  ETH_USDT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, says('0x로 시작하는 40자리 16진수 주소', 'must be 0x and 40 hex digits'))
    .default(DEFAULT_CHAIN.ethUsdtContract),
  ETH_MIN_CONFIRMATIONS: intIn(1, 10_000).default(DEFAULT_CHAIN.ethMinConfirmations),
  TRON_API_URL: urlOf().optional(),
  TRON_API_KEY: text().optional(),
  TRON_USDT_CONTRACT: z
    .string()
    .regex(
      /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
      says('T로 시작하는 34자리 트론 주소', 'must be a TRON address: T and 33 base58 characters'),
    )
    .default(DEFAULT_CHAIN.tronUsdtContract),
  TRON_MIN_CONFIRMATIONS: intIn(1, 10_000).default(DEFAULT_CHAIN.tronMinConfirmations),
  CHAIN_AUTO_APPROVE: flag().optional(),
  CHAIN_CHECK_INTERVAL_MS: msIn(100, 3_600_000).default(15_000),
  CHAIN_REQUEST_TIMEOUT_MS: msIn(50, 60_000).default(5_000),
  CHAIN_CHECK_BATCH: intIn(1, 1_000).default(20),
  // Two-person approval (src/server/proposals, decision 0160).
  /** A payout worth at least this many won at the current price needs a second administrator. */
  FOUR_EYES_PAYOUT_KRW: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, says('1 이상의 정수(원)', 'must be a whole number of won ≥ 1'))
    .default('10000000'),
  /** A proposal not confirmed within this many hours expires. */
  PROPOSAL_TTL_HOURS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, says('0보다 크고 168 이하인 시간 수', 'must be a number of hours > 0 and ≤ 168'))
    .transform(Number)
    .refine(
      (n) => n > 0 && n <= 168,
      says('0보다 크고 168 이하인 시간 수', 'must be a number of hours > 0 and ≤ 168'),
    )
    .default(24),
  /** Balance edits and lock changes need a second administrator (off: one step, as before). */
  FOUR_EYES_ADMIN_EDITS: flag().optional(),
  // Withdrawal safety rules (issue 15, src/server/withdrawal-rules, decisions 0155-0158).
  WITHDRAWAL_ADDRESS_DELAY_HOURS: hoursIn(0, 720).default(24),
  KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: hoursIn(0, 720).default(24),
  DAILY_LIMIT_CRYPTO_KRW: intIn(0, 1e15, ', 원', ' (won)').default(500_000_000),
  DAILY_LIMIT_KRW: intIn(0, 1e15, ', 원', ' (won)').default(500_000_000),
  TRAVEL_RULE_THRESHOLD_KRW: intIn(0, 1e15, ', 원', ' (won)').default(1_000_000),
  // One-time codes (issue 15, decision 0150).
  /** Administrators must enrol a one-time code before any administrator operation; false only for a demo. */
  ADMIN_TOTP_REQUIRED: flag().optional(),
  /** 32 bytes (64 hex digits or base64) sealing the members' OTP secrets at rest; unset: stored unsealed. */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => {
        try {
          return parseTotpKey(v) !== null;
        } catch {
          return false;
        }
      },
      says(
        '32바이트 키를 16진수 64자 또는 base64로 (예: openssl rand -hex 32)',
        'must be 32 bytes written as 64 hex digits or base64 (e.g. openssl rand -hex 32)',
      ),
    )
    .optional(),
});

/** Every variable `loadConfig` reads (the README's configuration table lists each; a test checks). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

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

/** A zod issue as Korean and English: ours carry both; another schema's gets an English line by its kind. */
function describeIssue(issue: z.core.$ZodIssue): { ko: string; en: string } {
  const [ko, en] = issue.message.split(SEP);
  if (en !== undefined) return { ko: ko ?? '', en };
  const byCode: Record<string, string> = {
    too_small: `is too small (minimum ${String((issue as { minimum?: unknown }).minimum)})`,
    too_big: `is too large (maximum ${String((issue as { maximum?: unknown }).maximum)})`,
    invalid_value: `must be one of ${((issue as { values?: unknown[] }).values ?? []).join(', ')}`,
    invalid_type: 'has a value of the wrong kind',
    invalid_format: 'is not in the expected format',
  };
  return { ko: issue.message, en: byCode[issue.code] ?? `is invalid (${issue.message})` };
}

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
  /** Deposits checked on chain (src/server/chain). */
  chain: ChainConfig;
  /** Two-person approval (decision 0160). */
  fourEyes: { payoutKrw: string; proposalTtlHours: number; adminEdits: boolean };
  /** Withdrawal safety rules (src/server/withdrawal-rules). */
  withdrawalRules: WithdrawalRulesConfig;
  /** One-time codes (src/server/auth/totp.ts, decision 0150). */
  totp: TotpConfig;
}

export interface WithdrawalRulesConfig {
  addressDelayHours: number;
  krwDepositDelayHours: number;
  /** Default daily limits (rolling 24 h, KRW value); an administrator may set a member's own. */
  dailyLimitCryptoKrw: number;
  dailyLimitKrw: number;
  travelRuleThresholdKrw: number;
}

export interface TotpConfig {
  adminRequired: boolean;
  encryptionKey: Buffer | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ variable: i.path.join('.'), ...describeIssue(i) }));
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = parseTrustProxy(given.TRUST_PROXY);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
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
    chain: {
      ethRpcUrl: e.ETH_RPC_URL ?? null,
      ethUsdtContract: e.ETH_USDT_CONTRACT,
      ethMinConfirmations: e.ETH_MIN_CONFIRMATIONS,
      tronApiUrl: e.TRON_API_URL ? e.TRON_API_URL.replace(/\/+$/, '') : null,
      tronApiKey: e.TRON_API_KEY ?? null,
      tronUsdtContract: e.TRON_USDT_CONTRACT,
      tronMinConfirmations: e.TRON_MIN_CONFIRMATIONS,
      autoApprove: e.CHAIN_AUTO_APPROVE ?? false,
      intervalMs: e.CHAIN_CHECK_INTERVAL_MS,
      timeoutMs: e.CHAIN_REQUEST_TIMEOUT_MS,
      batch: e.CHAIN_CHECK_BATCH,
    },
    fourEyes: {
      payoutKrw: e.FOUR_EYES_PAYOUT_KRW,
      proposalTtlHours: e.PROPOSAL_TTL_HOURS,
      adminEdits: e.FOUR_EYES_ADMIN_EDITS ?? true,
    },
    withdrawalRules: {
      addressDelayHours: e.WITHDRAWAL_ADDRESS_DELAY_HOURS,
      krwDepositDelayHours: e.KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS,
      dailyLimitCryptoKrw: e.DAILY_LIMIT_CRYPTO_KRW,
      dailyLimitKrw: e.DAILY_LIMIT_KRW,
      travelRuleThresholdKrw: e.TRAVEL_RULE_THRESHOLD_KRW,
    },
    totp: {
      adminRequired: e.ADMIN_TOTP_REQUIRED ?? true,
      encryptionKey: parseTotpKey(e.TOTP_ENCRYPTION_KEY),
    },
  };
}

/** TOTP_ENCRYPTION_KEY: exactly 32 bytes, written as 64 hex digits or as base64 (decision 0150). */
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
