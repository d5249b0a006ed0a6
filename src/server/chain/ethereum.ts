import {
  createPublicClient,
  decodeEventLog,
  getAddress,
  http,
  isAddressEqual,
  parseAbiItem,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { boundedFetchFn, MAX_ANSWER_BYTES } from '../http/bounded-fetch';
import type { ChainConfig } from './chain-config';
import type { ChainProvider, FoundTransfer, TokenTransfer, TxLookup } from './provider';
import { ProviderError } from './provider';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Blocks read per scan round: each block's transactions are one call (ether carries no log to filter). */
const ETH_SCAN_BLOCKS = 100;

/**
 * Ethereum over any standard JSON-RPC endpoint, with viem: the receipt (status, block, logs) and the
 * transaction (its ether), the transaction alone when there is no receipt yet, the newest block; for the
 * scan, USDT `Transfer` logs and every block's transactions carrying ether to an address. Ether a contract
 * passes on inside a transaction (an internal call) is in no block's transaction list nor in any log: a
 * standard endpoint cannot show it, and neither scan nor check sees it (decision 0411).
 * Every call has the configured timeout and no retry (the checker retries later, with back-off).
 */
export function ethereumProvider(c: ChainConfig): ChainProvider {
  const url = c.ethRpcUrl;
  if (!url) throw new Error('ETH_RPC_URL is not set');
  const client = createPublicClient({
    transport: http(url, {
      timeout: c.timeoutMs,
      retryCount: 0,
      fetchFn: boundedFetchFn({ timeoutMs: c.timeoutMs, maxBytes: MAX_ANSWER_BYTES.chain }),
    }),
    cacheTime: 0,
  });
  const token = getAddress(c.ethUsdtContract);
  const fail = (err: unknown): never => {
    throw new ProviderError(`Ethereum RPC: ${((err as Error).message ?? String(err)).split('\n')[0]}`);
  };

  return {
    network: 'ERC20',
    minConfirmations: c.ethMinConfirmations,
    maxScanBlocks: ETH_SCAN_BLOCKS,
    async lookup(txid): Promise<TxLookup> {
      const hash = (txid.startsWith('0x') ? txid : `0x${txid}`).toLowerCase() as `0x${string}`;
      let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
      try {
        receipt = await client.getTransactionReceipt({ hash });
      } catch (err) {
        if (!(err instanceof TransactionReceiptNotFoundError)) return fail(err);
        try {
          await client.getTransaction({ hash });
          return { kind: 'unmined' };
        } catch (err2) {
          if (err2 instanceof TransactionNotFoundError) return { kind: 'not_found' };
          return fail(err2);
        }
      }
      const head = await client.getBlockNumber({ cacheTime: 0 }).catch(fail);
      const transfers: TokenTransfer[] = [];
      const tx = await client.getTransaction({ hash }).catch(fail);
      if (tx.to && tx.value > 0n) {
        transfers.push({
          logIndex: -1,
          native: true,
          from: getAddress(tx.from),
          to: getAddress(tx.to),
          value: tx.value,
        });
      }
      for (const log of receipt.logs) {
        if (!isAddressEqual(log.address, token)) continue;
        const t = decodeTransfer(log);
        if (t) transfers.push({ logIndex: log.logIndex, ...t });
      }
      return {
        kind: 'mined',
        success: receipt.status === 'success',
        blockNumber: receipt.blockNumber,
        head,
        transfers,
      };
    },
    head: () => client.getBlockNumber({ cacheTime: 0 }).catch(fail),
    blockTime: async (blockNumber) => {
      const block = await client.getBlock({ blockNumber }).catch(fail);
      return new Date(Number(block.timestamp) * 1000);
    },
    async transfersIn(fromBlock, toBlock): Promise<FoundTransfer[]> {
      const logs = await client.getLogs({ address: token, event: TRANSFER, fromBlock, toBlock }).catch(fail);
      const out: FoundTransfer[] = [];
      for (const log of logs) {
        const { from, to, value } = log.args;
        if (!from || !to || value === undefined || log.transactionHash === null) continue;
        if (log.blockNumber === null || log.logIndex === null) continue;
        out.push({
          txid: log.transactionHash,
          blockNumber: log.blockNumber,
          logIndex: log.logIndex,
          from: getAddress(from),
          to: getAddress(to),
          value,
        });
      }
      for (let n = fromBlock; n <= toBlock; n++) {
        const block = await client.getBlock({ blockNumber: n, includeTransactions: true }).catch(fail);
        for (const tx of block.transactions) {
          if (!tx.to || tx.value <= 0n) continue;
          out.push({
            txid: tx.hash,
            blockNumber: n,
            logIndex: -1,
            native: true,
            from: getAddress(tx.from),
            to: getAddress(tx.to),
            value: tx.value,
          });
        }
      }
      return out;
    },
  };
}

function decodeTransfer(log: { data: `0x${string}`; topics: readonly `0x${string}`[] }) {
  try {
    const topics = log.topics as [`0x${string}`, ...`0x${string}`[]];
    const { args } = decodeEventLog({ abi: [TRANSFER], data: log.data, topics, strict: true });
    return { from: getAddress(args.from), to: getAddress(args.to), value: args.value };
  } catch {
    return null; // another event of the token (Approval, …)
  }
}
