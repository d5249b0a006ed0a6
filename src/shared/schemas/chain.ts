import { z } from '../zod';
import { nullableString } from './view-parts';

/** What the chain said about a deposit, as the administrator's request list shows it. */
export const CHAIN_VERDICTS = [
  'unchecked',
  'waiting',
  'match',
  'amount_mismatch',
  'address_mismatch',
  'not_found',
  'failed',
  'txid_used',
] as const;
export type ChainVerdict = (typeof CHAIN_VERDICTS)[number];

export const chainCheckView = z.object({
  verdict: z.enum(CHAIN_VERDICTS),
  /** null until the transaction is in a block. */
  confirmations: z.nullable(z.number()),
  required_confirmations: z.number(),
  /** claim: the member typed the TXID; scan: the server found the transfer first. */
  origin: z.enum(['claim', 'scan']),
  /** What the chain carried to the address (or to another address, for 주소 불일치). */
  chain_amount: nullableString,
  chain_to: nullableString,
  final: z.boolean(),
  checked_at: nullableString,
  /**
   * Not shown to have reached the member's own address after its assignment (mined before it; on the XRP
   * Ledger, also a claimed payment without the member's tag): never approved automatically.
   */
  before_assignment: z.optional(z.boolean()),
});
export type ChainCheckView = z.infer<typeof chainCheckView>;

/** GET /api/admin/chain-status: which networks are checked, and whether matched deposits approve themselves. */
export const chainStatusView = z.object({
  networks: z.array(
    z.object({
      network: z.enum(['TRC20', 'ERC20', 'XRPL']),
      enabled: z.boolean(),
      min_confirmations: z.number(),
    }),
  ),
  auto_approve: z.boolean(),
});
export type ChainStatusView = z.infer<typeof chainStatusView>;

/** The member's history row of a crypto deposit waiting for confirmations. */
export const memberChainView = z.object({ confirmations: z.number(), required: z.number() });
