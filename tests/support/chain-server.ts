import { type EthNode, startEthNode } from './eth-node';
import { type Env, fileServer, late } from './fixture';

/** A local Ethereum node for this file (Hardhat's node takes seconds to start on a loaded machine). */
export const fileEthNode = (): EthNode => late(startEthNode, (node) => node.stop(), 90_000);

/**
 * A server that reads `node` as its Ethereum chain, with the file's own settings beside it. The chain's
 * scan cursor is one row per network: a database of its own, so another file's node does not move it.
 * Rounds are run by the test (the server's own worker ticks once at start and then hourly).
 */
export const fileChainServer = (node: EthNode, env: () => Env) =>
  fileServer(
    () => ({
      ETH_RPC_URL: node.url,
      ETH_USDT_CONTRACT: node.token,
      CHAIN_CHECK_INTERVAL_MS: '3600000',
      CHAIN_REQUEST_TIMEOUT_MS: '2000',
      ...env(),
    }),
    { ownDatabase: true },
  );
