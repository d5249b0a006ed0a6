import type { ChainConfig } from '../../src/server/chain/chain-config';
import { chainProviders, runChainRound } from '../../src/server/jobs/checker';
import { type EthNode, startEthNode } from './eth-node';
import { type Env, fileServer, late } from './fixture';
import type { TestServer } from './server';
import { startTronApi } from './tron-api';
import { startXrplApi } from './xrpl-api';

/** A local Ethereum node for this file (Hardhat's node takes seconds to start on a loaded machine). */
export const fileEthNode = (): EthNode => late(startEthNode, (node) => node.stop(), 90_000);

/** Local stand-ins of the TRON API and of the XRP Ledger's JSON-RPC for this file. */
export const fileTronApi = () => late(startTronApi, (api) => api.close());
export const fileXrplApi = () => late(startXrplApi, (api) => api.close());

/** m/44'/60'/0' of BIP-39's "abandon … about" mnemonic: none of Hardhat's funded accounts. */
export const ABANDON_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';

/**
 * A server that derives members' ERC-20 deposit addresses and credits what the scan finds there once deep
 * enough (CHAIN_AUTO_APPROVE), checking up to 200 transfers a round.
 */
export const DERIVED_DEPOSITS = {
  DEPOSIT_XPUB_ERC20: ABANDON_XPUB,
  CHAIN_AUTO_APPROVE: 'true',
  CHAIN_CHECK_BATCH: '200',
} as const;

/** Rounds are run by the test: the server's own worker ticks once at start and then hourly. */
const TEST_ROUNDS = { CHAIN_CHECK_INTERVAL_MS: '3600000', CHAIN_REQUEST_TIMEOUT_MS: '2000' };

/**
 * A server that reads `node` as its Ethereum chain (null: none), with the file's own settings beside it. The
 * chain's scan cursor is one row per network: a database of its own, so another file's node does not move it.
 */
export const fileChainServer = (node: EthNode | null, env: () => Env) =>
  fileServer(
    () => ({
      ...(node ? { ETH_RPC_URL: node.url, ETH_USDT_CONTRACT: node.token } : {}),
      ...TEST_ROUNDS,
      ...env(),
    }),
    { ownDatabase: true },
  );

/**
 * A server that reads the stand-ins as its TRON and XRP Ledger, with the file's own settings beside them
 * (the USDT contract, the service's XRP address, the wallets …).
 */
export const fileLedgerServer = (
  ledgers: { tron: { url: string }; xrpl: { url: string } },
  env: () => Env,
  opts: { ownDatabase?: boolean } = { ownDatabase: true },
) =>
  fileServer(
    () => ({ TRON_API_URL: ledgers.tron.url, XRPL_RPC_URL: ledgers.xrpl.url, ...TEST_ROUNDS, ...env() }),
    opts,
  );

/** What a round makes due at once, past its back-off: every unfinished deposit check, every recorded payout. */
const DUE = {
  deposits: 'UPDATE deposit_chain_checks SET next_check_at = now() WHERE NOT final',
  payouts: `UPDATE withdrawal_payouts SET next_check_at = now() WHERE status = 'recorded'`,
};

/**
 * One round of the chain checker on `server`, as its worker runs it, with `due` made due first;
 * `chain` in place of the server's chain settings, `instance` the worker's name.
 */
export async function chainRound(
  server: TestServer,
  due: keyof typeof DUE | null,
  opts: { chain?: ChainConfig; instance?: string } = {},
) {
  if (due) await server.db.query(DUE[due]);
  const chain = opts.chain ?? server.config.chain;
  return runChainRound(server.db, chain, chainProviders(chain), opts.instance ?? 'test', {
    force: true,
    approval: server.config,
  });
}
