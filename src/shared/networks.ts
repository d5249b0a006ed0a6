import { CRYPTO_DECIMALS } from './constants';

/**
 * Withdrawal and deposit networks (docs/PRODUCT.md "Networks per currency"): each currency offers only
 * the networks that can carry it. One table, used by the form, the schemas and the server.
 */
export const NETWORK_CODES = ['TRC20', 'ERC20', 'XRPL', 'BTC'] as const;
export type NetworkCode = (typeof NETWORK_CODES)[number];

/** What a member reads in the network select and the administrator reads in the request list. */
export const NETWORK_LABELS: Record<NetworkCode, string> = {
  TRC20: 'TRC20 (트론)',
  ERC20: 'ERC20 (이더리움)',
  XRPL: '리플 네트워크',
  BTC: '비트코인 네트워크',
};

/**
 * The network as a member reads it for one currency: a coin on its own chain is named by the chain
 * ("이더리움 네트워크" for ETH, not a token standard); a token keeps its standard ("TRC20 (트론)").
 */
export function networkLabelFor(currency: string, network: NetworkCode): string {
  if (currency === 'ETH' && network === 'ERC20') return '이더리움 네트워크';
  return NETWORK_LABELS[network];
}

/** The currencies a member can deposit, each with its own deposit screen (no other crypto deposit route). */
export const DEPOSIT_CURRENCIES = ['KRW', 'USDT', 'ETH', 'XRP'] as const;

/**
 * The decimals of each currency's base unit on its chain, the one table server and client use: wei (18),
 * USDT's 6 on TRON and Ethereum, XRP's drops (6), satoshis (8). What an amount may carry in the app is
 * at most CRYPTO_DECIMALS of it (`networkDecimals`); the chain checks convert with `chainDecimals`.
 */
const CHAIN_DECIMALS = { ETH: 18, USDT: 6, XRP: 6, BTC: 8 } as const;

/** The decimals of `currency`'s base unit on its chain; a currency not carried on any chain is an error. */
export function chainDecimals(currency: string): number {
  if (!Object.hasOwn(CHAIN_DECIMALS, currency)) throw new Error(`no chain decimals for currency ${currency}`);
  return CHAIN_DECIMALS[currency as keyof typeof CHAIN_DECIMALS];
}
const appDecimals = (currency: keyof typeof CHAIN_DECIMALS) =>
  Math.min(CHAIN_DECIMALS[currency], CRYPTO_DECIMALS);

/**
 * The networks each withdrawal currency may leave on, the first one being the default, with the fixed
 * external fee of each pair (SPEC §9's fee per currency, kept for every pair; decision 0115) and the
 * decimals an amount of the pair may have: what the chain carries, at most the app's CRYPTO_DECIMALS.
 * (USDT 6, XRP 6, ETH and BTC the app's 8). An amount with more decimals than its chain can never be sent
 * nor matched on chain.
 */
const WITHDRAWAL_NETWORKS = {
  USDT: [
    { network: 'TRC20', fee: '1', decimals: appDecimals('USDT') },
    { network: 'ERC20', fee: '1', decimals: appDecimals('USDT') },
  ],
  ETH: [{ network: 'ERC20', fee: '0.002', decimals: appDecimals('ETH') }],
  XRP: [{ network: 'XRPL', fee: '0.25', decimals: appDecimals('XRP') }],
  BTC: [{ network: 'BTC', fee: '0.0001', decimals: appDecimals('BTC') }],
} as const satisfies Record<string, readonly { network: NetworkCode; fee: string; decimals: number }[]>;
type NetworkCurrency = keyof typeof WITHDRAWAL_NETWORKS;

/** USDT deposits arrive on TRC20 (default) or ERC20; each has its own deposit address per member. */
export const DEPOSIT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type DepositNetwork = (typeof DEPOSIT_NETWORKS)[number];
export const DEFAULT_DEPOSIT_NETWORK: DepositNetwork = 'TRC20';
/**
 * The networks a member's TXID claim may name: USDT's, and the XRP Ledger for an XRP payment the scan
 * could not attribute (no tag, or a tag nobody has).
 */
export const DEPOSIT_CLAIM_NETWORKS = [...DEPOSIT_NETWORKS, 'XRPL'] as const;
export type DepositClaimNetwork = (typeof DEPOSIT_CLAIM_NETWORKS)[number];
/** The currency a deposit claim on `network` is of: XRP on the XRP Ledger, USDT otherwise. */
export const depositClaimCurrency = (network: DepositClaimNetwork) => (network === 'XRPL' ? 'XRP' : 'USDT');

/** The XRP Ledger destination tag is an unsigned 32-bit integer. */
export const DESTINATION_TAG_MAX = 4_294_967_295;

const hasNetworks = (currency: string): currency is NetworkCurrency =>
  Object.hasOwn(WITHDRAWAL_NETWORKS, currency);

/** The networks a currency may be withdrawn on (empty for anything else, e.g. KRW). */
export function networksFor(currency: string): readonly NetworkCode[] {
  return hasNetworks(currency) ? WITHDRAWAL_NETWORKS[currency].map((n) => n.network) : [];
}

export const defaultNetworkFor = (currency: string): NetworkCode | null => networksFor(currency)[0] ?? null;

export const isNetworkAllowed = (currency: string, network: string): boolean =>
  (networksFor(currency) as readonly string[]).includes(network);

function pair(currency: string, network: string) {
  if (!hasNetworks(currency)) return null;
  const rows: readonly { network: string; fee: string; decimals: number }[] = WITHDRAWAL_NETWORKS[currency];
  return rows.find((n) => n.network === network) ?? null;
}

/** The external fee of a (currency, network) pair, or null when the pair does not exist. */
export function networkFee(currency: string, network: string): string | null {
  return pair(currency, network)?.fee ?? null;
}

/**
 * The most decimals an amount of `currency` moving on `network` may have (deposits and external
 * withdrawals alike); CRYPTO_DECIMALS for a pair that does not exist (refused elsewhere).
 */
export function networkDecimals(currency: string, network: string): number {
  return pair(currency, network)?.decimals ?? CRYPTO_DECIMALS;
}
