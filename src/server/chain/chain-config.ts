import { chainDecimals } from '../../shared/networks';
import type { ChainConfig } from '../config-sections';

export type { ChainConfig };

/** USDT's decimals on both networks, from the one table of chain decimals. */
export const USDT_DECIMALS = chainDecimals('USDT');

/** The deposit networks the server checks on chain. */
export const checkedNetworks = (c: ChainConfig): string[] =>
  [
    c.tronApiUrl ? 'TRC20' : null,
    c.ethRpcUrl ? 'ERC20' : null,
    c.xrplRpcUrl && c.xrpDepositAddress ? 'XRPL' : null,
  ].filter((n): n is string => n !== null);
