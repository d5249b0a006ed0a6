/**
 * What the checker asks a chain (decision 0170). A provider answers about one transaction: unknown, known
 * but not yet in a block, or mined with its status, block and the token transfers it logged. Only these
 * facts are taken from the provider; the verdict is ours (verdict.ts).
 */
export interface TokenTransfer {
  /** The log's index (Ethereum: in the block; TRON: in the transaction). */
  logIndex: number;
  /** Addresses as the network writes them: EIP-55 on Ethereum, base58 "T…" on TRON. */
  from: string;
  to: string;
  /** In the token's smallest unit (USDT: 6 decimals; XRP: drops, also 6). */
  value: bigint;
  /** The XRP Ledger's destination tag (absent elsewhere, or when the sender gave none). */
  tag?: number | null;
}

export type TxLookup =
  | { kind: 'not_found' }
  | { kind: 'unmined' }
  | {
      kind: 'mined';
      success: boolean;
      blockNumber: bigint;
      /** The chain's newest block when asked: confirmations = head − block + 1. */
      head: bigint;
      /** Transfers of the configured USDT contract only. */
      transfers: TokenTransfer[];
    };

export interface FoundTransfer extends TokenTransfer {
  txid: string;
  blockNumber: bigint;
}

export interface ChainProvider {
  readonly network: 'ERC20' | 'TRC20' | 'XRPL';
  readonly minConfirmations: number;
  lookup(txid: string): Promise<TxLookup>;
  /** At most this many blocks (ledgers) per scan round: a chain read block by block asks less at once. */
  readonly maxScanBlocks?: number;
  /** The scan of new blocks (ledgers): the newest block number. */
  head?(): Promise<bigint>;
  /** When a block was mined (for automatic approval: only transfers after the address's assignment). */
  blockTime?(block: bigint): Promise<Date>;
  /** USDT transfers (XRPL: XRP payments to the service address) in blocks [from, to]. */
  transfersIn?(from: bigint, to: bigint): Promise<FoundTransfer[]>;
}

/** A provider that did not answer usefully (down, slow, malformed): the check is retried later. */
export class ProviderError extends Error {}

/** A TXID as stored for comparison: lower case, without 0x. */
export const normalizeTxid = (txid: string): string => txid.toLowerCase().replace(/^0x/, '');
