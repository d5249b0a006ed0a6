import { NETWORK_CODES, type NetworkCode } from './networks';

/**
 * Public block explorers per network (decision 0117). The base URL is configuration
 * (EXPLORER_URL_TRC20 …); the path of an address and of a transaction is each explorer's own.
 */
export const DEFAULT_EXPLORER_URLS: Record<NetworkCode, string> = {
  TRC20: 'https://tronscan.org/#',
  ERC20: 'https://etherscan.io',
  XRPL: 'https://xrpscan.com',
  BTC: 'https://mempool.space',
};

const PATHS: Record<NetworkCode, { address: string; tx: string }> = {
  TRC20: { address: '/address/', tx: '/transaction/' },
  ERC20: { address: '/address/', tx: '/tx/' },
  XRPL: { address: '/account/', tx: '/tx/' },
  BTC: { address: '/address/', tx: '/tx/' },
};

export type ExplorerUrls = Record<NetworkCode, string>;

const isNetwork = (n: string | null): n is NetworkCode =>
  n !== null && (NETWORK_CODES as readonly string[]).includes(n);

/** The explorer page of an address or a transaction on `network`, or null (no network, no value). */
function explorerUrl(
  urls: ExplorerUrls,
  network: string | null,
  page: 'address' | 'tx',
  value: string | null,
) {
  if (!isNetwork(network) || !value) return null;
  return `${urls[network].replace(/\/+$/, '')}${PATHS[network][page]}${encodeURIComponent(value)}`;
}

/** The explorer page of an address on `network`, or null (no network, no address). */
export const explorerAddressUrl = (urls: ExplorerUrls, network: string | null, address: string | null) =>
  explorerUrl(urls, network, 'address', address);

/** The explorer page of a transaction on `network`, or null. */
export const explorerTxUrl = (urls: ExplorerUrls, network: string | null, txid: string | null) =>
  explorerUrl(urls, network, 'tx', txid);
