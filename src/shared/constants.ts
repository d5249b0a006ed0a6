/** Business constants of SPEC §9, written once for client and server. */
export const APP_NAME = '코인 월렛';

export const BALANCE_CURRENCIES = ['KRW', 'ETH', 'XRP', 'USDT'] as const;
export type BalanceCurrency = (typeof BALANCE_CURRENCIES)[number];

/** `value` when it is one of `values`, else null: a string from outside (an address, a form) read as ours. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | null =>
  value !== null && value !== undefined && (values as readonly string[]).includes(value)
    ? (value as T)
    : null;

/** An asset as the member or an address names it (`xrp`, ` USDT `): any case, blanks around it ignored. */
export const asBalanceCurrency = (value: string | null | undefined): BalanceCurrency | null =>
  oneOf(BALANCE_CURRENCIES, value?.trim().toUpperCase());
export const CRYPTO_PRICE_CURRENCIES = ['ETH', 'XRP', 'USDT'] as const;
export const WITHDRAW_CURRENCIES = ['USDT', 'BTC', 'ETH', 'XRP'] as const;
export type WithdrawCurrency = (typeof WITHDRAW_CURRENCIES)[number];
export const DEFAULT_WITHDRAW_CURRENCY: WithdrawCurrency = 'USDT';
export const LOCK_CURRENCIES = ['krw', 'eth', 'xrp', 'usdt'] as const;
export const DEFAULT_LOCK_CURRENCY = 'usdt';

/** Withdrawal and deposit networks per currency, with their fees: `networks.ts`. */

export const PRICE_REFRESH_MS = 30_000;
export const SAMPLE_USD_KRW = '1431';
export const SAMPLE_PRICES_USD: Record<'ETH' | 'XRP' | 'USDT', string> = {
  ETH: '3075.50',
  XRP: '0.5542',
  USDT: '1.00',
};
export const PRICE_SYMBOLS: Record<'ETH' | 'XRP' | 'USDT', string> = {
  ETH: 'ETHUSDT',
  XRP: 'XRPUSDT',
  USDT: 'USDT',
};

export const KRW_MIN_DEPOSIT = 10_000;
export const KRW_MIN_WITHDRAWAL = 10_000;
export const KRW_WITHDRAWAL_FEE = '0';
export const INTERNAL_FEE = '0';
/** Crypto amounts carry at most this many decimals; KRW is whole won. */
export const CRYPTO_DECIMALS = 8;
/** A sane upper bound on any single amount, far above any real request. */
export const MAX_AMOUNT = '1000000000000';

export const HISTORY_LIMIT = 100;

export const SECOND_PASSWORD_SIGNUP_MAX = 6;
export const SECOND_PASSWORD_MIN = 4;
export const SECOND_PASSWORD_MAX = 12;
/** Members and administrators alike: 8+ characters with letters and digits (decision 0107). */
export const PASSWORD_MIN_MEMBER = 8;
export const ACCOUNT_NUMBER_MIN = 10;
export const PASSWORD_CHANGE_REDIRECT_MS = 2_000;

export const ADDRESS_PLACEHOLDERS = {
  preparing: '준비 중...',
  error: '오류 발생',
  contactAdmin: '관리자에게 문의해 주세요',
} as const;

export const KRW_BANKS = [
  '국민은행',
  '신한은행',
  '우리은행',
  '하나은행',
  '농협은행',
  '기업은행',
  '카카오뱅크',
  '토스뱅크',
  '케이뱅크',
  '새마을금고',
  '신협',
  '우체국',
] as const;

export const TOAST = { duration: 4000, visible: 3, width: 356 } as const;

/** Limits on authentication attempts (docs/PRODUCT.md). */
export const AUTH_LIMITS = {
  windowMinutes: 15,
  passwordFailuresPerAccount: 10,
  pinFailuresPerAccount: 5,
  lockMinutes: 15,
} as const;

/** A member's own recovery of a secret by e-mail (decision 0400): the code's life, tries and requests. */
export const RECOVERY = { codeMinutes: 15, attempts: 5, requestsPerHour: 5 } as const;

/** My page: email-change links and the per-member limits of the profile endpoints. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const PROFILE_LIMITS = {
  /** Email-change requests (each sends a mail) per member per hour. */
  emailRequestsPerHour: 5,
  /** Contact updates per member per 15 minutes. */
  contactUpdatesPerWindow: 20,
} as const;
/** Home and asset detail. */
export const VIEW_CURRENCIES = ['KRW', 'ETH', 'XRP', 'USDT', 'BTC'] as const;
export type ViewCurrency = (typeof VIEW_CURRENCIES)[number];
export type PriceCurrency = (typeof CRYPTO_PRICE_CURRENCIES)[number];
/** SPEC §2: the asset page's default asset. */
export const DEFAULT_ASSET: BalanceCurrency = 'KRW';
/**
 * The price chart's periods: a day, a week, a month (1일 / 1주 / 1개월). Here, not beside the price-history
 * schema: the asset page's tabs read them, and importing the schema's module would put zod into that screen.
 */
export const PRICE_HISTORY_PERIODS = ['1d', '1w', '1m'] as const;
export type PriceHistoryPeriod = (typeof PRICE_HISTORY_PERIODS)[number];
/** Crypto balance decimals on every screen: one rule per asset, in src/shared/format.ts (formatAsset). */
/** Defaults of the price service (configurable: PRICE_STALE_SECONDS, PRICE_FETCH_TIMEOUT_MS). */
export const PRICE_STALE_SECONDS = 300;
export const PRICE_FETCH_TIMEOUT_MS = 5_000;
/** Published notices listed on the home screen. */
export const HOME_NOTICES_LIMIT = 20;
/** Notices shown before '더보기' on the home screen. */
export const HOME_NOTICES_PREVIEW = 3;
export const NOTICES_MAX_LIMIT = 50;
/** Money movement (deposits, withdrawals, history). */
export const CRYPTO_DEPOSIT_CURRENCY = 'USDT';
export const CRYPTO_WITHDRAW_METHODS = ['internal', 'external'] as const;
export type CryptoWithdrawMethod = (typeof CRYPTO_WITHDRAW_METHODS)[number];
export const HISTORY_TYPES = ['all', 'deposit', 'withdraw'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
/** Expected payout is shown with 4 decimals (SPEC §5, §9). */
export const PAYOUT_DECIMALS = 4;
/** The administrator chat opened when no deposit address is assigned (ADMIN_CHAT_URL overrides it). */
export const DEFAULT_ADMIN_CHAT_URL = 'https://open.kakao.com/';
