/**
 * What the checker asks a chain (decision 0170). A provider answers about one transaction: unknown, known
 * but not yet in a block, or mined with its status, block and the token transfers it logged. Only these
 * facts are taken from the provider; the verdict is ours (verdict.ts).
 */
export interface TokenTransfer {
  /**
   * The transfer's index: the log's (Ethereum: in the block; TRON: in the transaction); 0 for an XRP
   * payment; -1 for the ether the transaction itself carries (`native`). With the TXID it names one transfer.
   */
  logIndex: number;
  /** Ether sent as the transaction's own value (no token log); absent for token transfers and XRP. */
  native?: boolean;
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
      /** Transfers of the configured USDT contract, and on Ethereum the transaction's own ether (`native`). */
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
  /**
   * USDT transfers (XRPL: XRP payments to the service address; Ethereum also the ether transactions carry,
   * `native`, whether they succeeded or not: the scan asks `lookup` for those it keeps) in blocks [from, to].
   */
  transfersIn?(from: bigint, to: bigint): Promise<FoundTransfer[]>;
}

/** A provider that did not answer usefully (down, slow, malformed): the check is retried later. */
export class ProviderError extends Error {}
/**
 * More transfers in a range of blocks than a provider reads in one call: the scan asks for less. `reached`:
 * the block the call stopped in, when known (the blocks before it were read whole).
 */
export class TooManyInRange extends ProviderError {
  constructor(
    message: string,
    readonly reached?: bigint,
  ) {
    super(message);
  }
}

/** Where a deposit's transfer belongs: ether, USDT or XRP by network. */
export const transferCurrency = (network: string, t: Pick<TokenTransfer, 'native'>) =>
  t.native ? 'ETH' : network === 'XRPL' ? 'XRP' : 'USDT';

/** A TXID as stored for comparison: lower case, without 0x. */
export const normalizeTxid = (txid: string): string => txid.toLowerCase().replace(/^0x/, '');
