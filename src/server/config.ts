import path from 'node:path';
import type { ExplorerUrls } from '../shared/explorers';
import { describeIssue } from './config-checks';
import { CONFIG_VARIABLES, DEFAULT_FX_FEED_URL, DEFAULT_PRICE_FEED_URL, envSchema } from './config-env';
import {
  ConfigError,
  meetsPasswordPolicy,
  parseTotpKey,
  parseTrustProxy,
  type TrustProxy,
} from './config-parse';
import type { ChainConfig, PriceFeedConfig } from './config-sections';

export type { TrustProxy };
/**
 * The variables live in config-env.ts, their checks in config-checks.ts, the parsers of the harder values
 * in config-parse.ts.
 */
export {
  CONFIG_VARIABLES,
  ConfigError,
  DEFAULT_FX_FEED_URL,
  DEFAULT_PRICE_FEED_URL,
  meetsPasswordPolicy,
  parseTrustProxy,
};

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { username?: string; password?: string; secondPassword?: string };
  /** Whose X-Forwarded-* headers are believed: nobody, N hops, or these proxies. */
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
  /** The cached PGlite clusters a new embedded database starts from (src/server/db/pglite-open.ts). */
  pgliteTemplates: { use: boolean; dir: string | null };
  /** Live-event streams (src/server/events): heartbeat and how many may be open at once. */
  events: EventsConfig;
  /** Two-person approval. */
  fourEyes: {
    payoutKrw: string;
    depositKrw: string;
    adminDailyKrw: string;
    proposalTtlHours: number;
    adminEdits: boolean;
  };
  /** Withdrawal safety rules (src/server/withdrawal-rules). */
  withdrawalRules: WithdrawalRulesConfig;
  /** One-time codes (src/server/auth/totp.ts). */
  totp: TotpConfig;
  /** The argon2id cost of new password hashes (src/server/auth/password.ts). */
  passwordHashCost: PasswordHashCost;
}

export interface WithdrawalRulesConfig {
  addressDelayHours: number;
  /** A later approved KRW deposit holds its won value this long (DAXA: 24 h; decision 0350). */
  krwDepositDelayHours: number;
  /** The member's first approved KRW deposit holds every external crypto withdrawal this long (DAXA: 72 h). */
  krwFirstDepositHoldHours: number;
  /** Default daily limits (rolling 24 h, KRW value); an administrator may set a member's own. */
  dailyLimitCryptoKrw: number;
  dailyLimitKrw: number;
  travelRuleThresholdKrw: number;
  /** After an administrator resets a member's password or second password, the member's withdrawals wait this long (decision 0370). */
  adminResetHoldHours: number;
}

export interface EventsConfig {
  heartbeatMs: number;
  maxPerSession: number;
  maxPerMember: number;
  maxPerInstance: number;
}

interface TotpConfig {
  adminRequired: boolean;
  encryptionKey: Buffer | null;
}

/** The argon2id cost of new password hashes: OWASP's, or the least work for the test suites' servers. */
export type PasswordHashCost = 'standard' | 'minimum';

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
  if (parsed.success && parsed.data.PASSWORD_HASH_COST === 'minimum' && env.NODE_ENV === 'production') {
    problems.push({
      variable: 'PASSWORD_HASH_COST',
      ko: 'minimum은 테스트 전용입니다. 운영 모드(NODE_ENV=production)에서는 설정하지 않거나 standard로 두세요',
      en: 'minimum is for tests only: in production (NODE_ENV=production) leave it unset or standard',
    });
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
      xrplRpcUrl: e.XRPL_RPC_URL ?? null,
      xrplMinConfirmations: e.XRPL_MIN_CONFIRMATIONS,
      autoApprove: e.CHAIN_AUTO_APPROVE ?? false,
      intervalMs: e.CHAIN_CHECK_INTERVAL_MS,
      timeoutMs: e.CHAIN_REQUEST_TIMEOUT_MS,
      batch: e.CHAIN_CHECK_BATCH,
      depositXpubs: {
        ERC20: e.DEPOSIT_XPUB_ERC20?.trim() ?? null,
        TRC20: e.DEPOSIT_XPUB_TRC20?.trim() ?? null,
      },
      xrpDepositAddress: e.XRP_DEPOSIT_ADDRESS ?? null,
      payouts: {
        hotWallets: {
          ERC20: e.PAYOUT_HOT_WALLET_ERC20 ?? null,
          TRC20: e.PAYOUT_HOT_WALLET_TRC20 ?? null,
          XRPL: e.PAYOUT_HOT_WALLET_XRPL ?? null,
        },
        confirmHours: e.PAYOUT_CONFIRM_HOURS,
      },
      reserves: {
        coldWallets: {
          ERC20: e.RESERVE_COLD_WALLETS_ERC20 ?? [],
          TRC20: e.RESERVE_COLD_WALLETS_TRC20 ?? [],
          XRPL: e.RESERVE_COLD_WALLETS_XRPL ?? [],
        },
      },
    },
    pgliteTemplates: {
      use: e.PGLITE_TEMPLATE !== 'off',
      dir: e.PGLITE_TEMPLATE_DIR ? path.resolve(e.PGLITE_TEMPLATE_DIR) : null,
    },
    events: {
      heartbeatMs: e.EVENTS_HEARTBEAT_MS,
      maxPerSession: e.EVENTS_MAX_PER_SESSION,
      maxPerMember: e.EVENTS_MAX_PER_MEMBER,
      maxPerInstance: e.EVENTS_MAX_PER_INSTANCE,
    },
    fourEyes: {
      payoutKrw: e.FOUR_EYES_PAYOUT_KRW,
      depositKrw: e.FOUR_EYES_DEPOSIT_KRW,
      adminDailyKrw: e.FOUR_EYES_ADMIN_DAILY_KRW,
      proposalTtlHours: e.PROPOSAL_TTL_HOURS,
      adminEdits: e.FOUR_EYES_ADMIN_EDITS ?? true,
    },
    withdrawalRules: {
      addressDelayHours: e.WITHDRAWAL_ADDRESS_DELAY_HOURS,
      krwDepositDelayHours: e.KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS,
      krwFirstDepositHoldHours: e.KRW_FIRST_DEPOSIT_HOLD_HOURS,
      dailyLimitCryptoKrw: e.DAILY_LIMIT_CRYPTO_KRW,
      dailyLimitKrw: e.DAILY_LIMIT_KRW,
      travelRuleThresholdKrw: e.TRAVEL_RULE_THRESHOLD_KRW,
      adminResetHoldHours: e.ADMIN_RESET_WITHDRAWAL_HOLD_HOURS,
    },
    totp: {
      adminRequired: e.ADMIN_TOTP_REQUIRED ?? true,
      encryptionKey: parseTotpKey(e.TOTP_ENCRYPTION_KEY),
    },
    passwordHashCost: e.PASSWORD_HASH_COST ?? 'standard',
  };
}
