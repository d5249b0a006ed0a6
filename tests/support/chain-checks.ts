import { chainRound, fileChainServer, fileEthNode, fileTronApi } from './chain-server';
import { memberClient } from './client';
import { deskChainOf } from './desk-chain';
import type { EthNode } from './eth-node';
import { fileAdmin, fileChecker, ledgerCheckedAfterEach } from './fixture';
import { erc20Address, setDepositAddress, trc20Address } from './money';

type Network = 'ERC20' | 'TRC20';

/**
 * The setup of the chain-check files: deposits checked on a real chain (Hardhat's node with a 6-decimal
 * ERC20; `eth: false` without it) and against a local server answering in TronGrid's shapes, on a server
 * of its own, both administrators, the ledger checked after each test, and the steps the tests take. Rounds
 * are run by the tests one at a time (the server's own worker ticks once at start and then hourly), so each
 * step's verdict is known.
 */
export function chainChecksFile(opts: { eth?: boolean } = {}) {
  const node = opts.eth === false ? null : fileEthNode();
  const tron = fileTronApi();
  const tronToken = trc20Address();
  const server = fileChainServer(node, () => ({
    TRON_API_URL: tron.url,
    TRON_USDT_CONTRACT: tronToken,
    CHAIN_CHECK_BATCH: '200',
  }));
  const admin = fileAdmin(server);
  const checker = fileChecker(server);
  ledgerCheckedAfterEach(server);

  /** A new member with a deposit address of `network`. */
  async function memberWith(network: Network) {
    const m = await memberClient(server.url);
    const address = network === 'ERC20' ? erc20Address() : trc20Address();
    await setDepositAddress(server.db, m.id, address, network);
    return { ...m, address };
  }

  return {
    /** The Hardhat node (not started with `eth: false`: a file without ERC20 tests never reads it). */
    node: node as EthNode,
    tron,
    TRON_TOKEN: tronToken,
    server,
    admin,
    checker,
    memberWith,
    /** The member's claim of `txid` over `network`, from a fresh sender address. */
    claim(m: Awaited<ReturnType<typeof memberWith>>, network: Network, txid: string, amount: string) {
      const sender = network === 'ERC20' ? erc20Address() : trc20Address();
      return m.client.post('/api/deposits/crypto', { network, txid, amount, sender_address: sender });
    },
    /** One round of the checker, after its back-off has passed (every unfinished check is due). */
    round: () => chainRound(server, 'deposits'),
    /** The same with automatic approval on. */
    autoApproveRound: () =>
      chainRound(server, 'deposits', { chain: { ...server.config.chain, autoApprove: true } }),
    /** What the desk shows of the deposit's chain check. */
    chainOf: (depositId: string) => deskChainOf(admin.client, depositId),
  };
}
