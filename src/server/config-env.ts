import { z } from 'zod';
import { isAddressFor } from '../shared/address';
import {
  DEFAULT_ADMIN_CHAT_URL,
  PRICE_FETCH_TIMEOUT_MS,
  PRICE_REFRESH_MS,
  PRICE_STALE_SECONDS,
  SECOND_PASSWORD_MIN,
  SECOND_PASSWORD_SIGNUP_MAX,
} from '../shared/constants';
import { DEFAULT_EXPLORER_URLS } from '../shared/explorers';
import { MSG } from '../shared/messages';
import { USERNAME_PATTERN } from '../shared/schemas/auth';
import {
  addressOf,
  coldWallets,
  flag,
  hostOf,
  hoursIn,
  intIn,
  msIn,
  oneOf,
  says,
  text,
  urlOf,
  wonAtLeastOne,
  xpub,
} from './config-checks';
import { meetsPasswordPolicy, parseTotpKey } from './config-parse';
import { DEFAULT_CHAIN } from './config-sections';

/** Public price providers that need no key (Binance's ticker, open.er-api.com's daily USD rates). */
export const DEFAULT_PRICE_FEED_URL =
  'https://api.binance.com/api/v3/ticker/price?symbols=%5B%22ETHUSDT%22%2C%22XRPUSDT%22%5D';
export const DEFAULT_FX_FEED_URL = 'https://open.er-api.com/v6/latest/USD';

/**
 * The catalogue of configuration variables, one line each, grouped by the part of the server that reads
 * them. Every variable is validated at start and refused with a message naming it, in Korean and English
 * (the checks: config-checks.ts); a value that is not understood is refused, never replaced by the default.
 * An empty variable counts as unset. To add a variable: one line here, a row in the README's table.
 */
export const envSchema = z.object({
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
  /** Per-address limits; per-account limits are fixed by the product (AUTH_LIMITS). */
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
  /** Block explorers linked from the administrator's request list: base URL per network. */
  EXPLORER_URL_TRC20: urlOf().default(DEFAULT_EXPLORER_URLS.TRC20),
  EXPLORER_URL_ERC20: urlOf().default(DEFAULT_EXPLORER_URLS.ERC20),
  EXPLORER_URL_XRPL: urlOf().default(DEFAULT_EXPLORER_URLS.XRPL),
  EXPLORER_URL_BTC: urlOf().default(DEFAULT_EXPLORER_URLS.BTC),
  // Operations (src/server/ops).
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
  PGLITE_TEMPLATE: oneOf(['on', 'off']).optional(),
  PGLITE_TEMPLATE_DIR: text().optional(),
  // Live events (src/server/events).
  EVENTS_HEARTBEAT_MS: msIn(10, 3_600_000).default(20_000),
  /** Open live-event streams allowed to one session, one member (all sessions) and this whole process. */
  EVENTS_MAX_PER_SESSION: intIn(1, 1_000).default(4),
  EVENTS_MAX_PER_MEMBER: intIn(1, 10_000).default(10),
  EVENTS_MAX_PER_INSTANCE: intIn(1, 1_000_000).default(500),
  // Deposits checked on chain (src/server/chain). Unset RPC/API URL: that network is not checked.
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
  XRPL_RPC_URL: urlOf().optional(),
  XRPL_MIN_CONFIRMATIONS: intIn(1, 10_000).default(DEFAULT_CHAIN.xrplMinConfirmations),
  CHAIN_AUTO_APPROVE: flag().optional(),
  CHAIN_CHECK_INTERVAL_MS: msIn(100, 3_600_000).default(15_000),
  CHAIN_REQUEST_TIMEOUT_MS: msIn(50, 60_000).default(5_000),
  CHAIN_CHECK_BATCH: intIn(1, 1_000).default(20),
  // Deposit addresses of their own per member (decision 0351): watch-only account-level keys, the XRP service address.
  DEPOSIT_XPUB_ERC20: xpub().optional(),
  DEPOSIT_XPUB_TRC20: xpub().optional(),
  XRP_DEPOSIT_ADDRESS: z
    .string()
    .refine(
      (v) => isAddressFor('XRPL', v),
      says('r로 시작하는 XRP Ledger 주소', 'must be a classic XRP Ledger address (r…)'),
    )
    .optional(),
  // Payouts tracked to a confirmed TXID (src/server/payouts, decision 0352).
  PAYOUT_HOT_WALLET_ERC20: addressOf(
    'ERC20',
    '0x로 시작하는 이더리움 주소',
    'must be an Ethereum address (0x…)',
  ).optional(),
  PAYOUT_HOT_WALLET_TRC20: addressOf(
    'TRC20',
    'T로 시작하는 트론 주소',
    'must be a TRON address (T…)',
  ).optional(),
  PAYOUT_HOT_WALLET_XRPL: addressOf(
    'XRPL',
    'r로 시작하는 XRP Ledger 주소',
    'must be a classic XRP Ledger address (r…)',
  ).optional(),
  // Flagged overdue when not confirmed this long after approval or recording; a TXID the chain still does not
  // know this long after it was recorded is judged wrong and the payout returns to the batch (decision 0392).
  PAYOUT_CONFIRM_HOURS: hoursIn(0.01, 720).default(6),
  // Reserves (src/server/reserves, decision 0353): the cold wallets per network, comma-separated.
  RESERVE_COLD_WALLETS_ERC20: coldWallets(
    'ERC20',
    '쉼표로 나눈 이더리움 주소(0x…) 목록 (100개까지)',
    'must be a comma-separated list of Ethereum addresses (0x…), at most 100',
  ),
  RESERVE_COLD_WALLETS_TRC20: coldWallets(
    'TRC20',
    '쉼표로 나눈 TRON 주소(T…) 목록 (100개까지)',
    'must be a comma-separated list of TRON addresses (T…), at most 100',
  ),
  RESERVE_COLD_WALLETS_XRPL: coldWallets(
    'XRPL',
    '쉼표로 나눈 XRP Ledger 주소(r…) 목록 (100개까지)',
    'must be a comma-separated list of classic XRP Ledger addresses (r…), at most 100',
  ),
  // Two-person approval (src/server/proposals).
  /** A payout worth at least this many won at the current price needs a second administrator. */
  FOUR_EYES_PAYOUT_KRW: wonAtLeastOne().default('10000000'),
  /** A deposit approval, counted with the member's last 24 h of deposits, from this many won needs a second administrator. */
  FOUR_EYES_DEPOSIT_KRW: wonAtLeastOne().default('10000000'),
  /** What one administrator may approve alone in 24 h, in won; past it every approval needs a second. */
  FOUR_EYES_ADMIN_DAILY_KRW: wonAtLeastOne().default('50000000'),
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
  /** Balance edits and lock changes need a second administrator (off: one administrator's step is enough). */
  FOUR_EYES_ADMIN_EDITS: flag().optional(),
  // Withdrawal safety rules (src/server/withdrawal-rules).
  WITHDRAWAL_ADDRESS_DELAY_HOURS: hoursIn(0, 720).default(24),
  KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: hoursIn(0, 720).default(24),
  KRW_FIRST_DEPOSIT_HOLD_HOURS: hoursIn(0, 720).default(72),
  /** After an administrator's reset of a member's password or second password: no withdrawal for this long. */
  ADMIN_RESET_WITHDRAWAL_HOLD_HOURS: hoursIn(0, 720).default(24),
  DAILY_LIMIT_CRYPTO_KRW: intIn(0, 1e15, ', 원', ' (won)').default(500_000_000),
  DAILY_LIMIT_KRW: intIn(0, 1e15, ', 원', ' (won)').default(500_000_000),
  TRAVEL_RULE_THRESHOLD_KRW: intIn(0, 1e15, ', 원', ' (won)').default(1_000_000),
  /** The argon2id cost of new password hashes: standard (OWASP's); minimum only for the test suites' servers. */
  PASSWORD_HASH_COST: oneOf(['standard', 'minimum']).optional(),
  // One-time codes.
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
