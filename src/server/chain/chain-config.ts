import type { ChainConfig } from '../config-sections';

export type { ChainConfig };

/** USDT has 6 decimals on both networks. */
export const USDT_DECIMALS = 6;

/** The deposit networks the server checks on chain. */
export const checkedNetworks = (c: ChainConfig): string[] =>
  [
    c.tronApiUrl ? 'TRC20' : null,
    c.ethRpcUrl ? 'ERC20' : null,
    c.xrplRpcUrl && c.xrpDepositAddress ? 'XRPL' : null,
  ].filter((n): n is string => n !== null);
