/**
 * The configuration sections that domains receive, defined here so the checked configuration depends on
 * no domain (config.ts builds them, the domains take them).
 */

/** The price service's providers and timing (src/server/prices). */
export interface PriceFeedConfig {
  feedUrl: string;
  fxUrl: string;
  intervalMs: number;
  timeoutMs: number;
  staleSeconds: number;
}

/** Deposits checked on chain: what the server is told about each network (src/server/chain). */
export interface ChainConfig {
  /** Any standard Ethereum JSON-RPC endpoint; null: ERC20 deposits are not checked. */
  ethRpcUrl: string | null;
  /** The USDT token contract on Ethereum (6 decimals). */
  ethUsdtContract: string;
  ethMinConfirmations: number;
  /** A TronGrid-compatible HTTP API; null: TRC20 deposits are not checked. */
  tronApiUrl: string | null;
  /** Sent as TRON-PRO-API-KEY when set (TronGrid's key header). */
  tronApiKey: string | null;
  /** The USDT token contract on TRON (6 decimals). */
  tronUsdtContract: string;
  tronMinConfirmations: number;
  /** An XRP Ledger JSON-RPC server (rippled/Clio); null: XRP deposits and payouts are not checked. */
  xrplRpcUrl: string | null;
  /** Validated ledgers a payment must be behind the newest validated one (1: validated is final). */
  xrplMinConfirmations: number;
  /** Approve matched deposits without an administrator (through the same decision core, audited as the system). */
  autoApprove: boolean;
  /** How often the checker runs (one instance at a time). */
  intervalMs: number;
  /** Every call to a provider gives up after this long. */
  timeoutMs: number;
  /** At most this many deposits are checked per round (a bounded rate towards the provider). */
  batch: number;
  /** Watch-only account-level extended public keys: each member's deposit address is derived from them. */
  depositXpubs: { ERC20: string | null; TRC20: string | null };
  /** The one XRP address deposits go to; each member has a destination tag of their own. */
  xrpDepositAddress: string | null;
  /** Payouts (decision 0352): the hot wallets they must come from, and when an unconfirmed one is flagged. */
  payouts: {
    hotWallets: { ERC20: string | null; TRC20: string | null; XRPL: string | null };
    confirmHours: number;
  };
  /** Reserves (decision 0353): the service's cold wallets, watched only. */
  reserves: { coldWallets: { ERC20: string[]; TRC20: string[]; XRPL: string[] } };
}

export const DEFAULT_CHAIN = {
  /** Tether USD on Ethereum mainnet. */
  ethUsdtContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  ethMinConfirmations: 12,
  /** Tether USD on TRON mainnet. */
  tronUsdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  /** TRON blocks are irreversible once solidified, 19 blocks (~57 s) after inclusion. */
  tronMinConfirmations: 19,
  /** A validated ledger is final on the XRP Ledger. */
  xrplMinConfirmations: 1,
} as const;
