import { D, type Dec, ZERO } from '../../shared/decimal';
import { chainDecimals } from '../../shared/networks';
import type { ChainConfig } from '../chain/chain-config';
import { ethClient, ethFailure } from '../chain/eth-client';
import { ProviderError } from '../chain/provider';
import { tronToHex } from '../chain/tron';
import { xrplCall } from '../chain/xrpl';
import { boundedFetch, MAX_ANSWER_BYTES } from '../http/bounded-fetch';

/**
 * What one network says a list of watch-only addresses holds of a currency, read through the shared bounded
 * fetch: Ethereum (`eth_getBalance`, the USDT contract's `balanceOf` by `eth_call`), TRON (the USDT
 * contract's `balanceOf` by `/wallet/triggerconstantcontract`) and the XRP Ledger (`account_info` at the
 * validated ledger; an account never funded holds 0). A bad answer is an error: the snapshot then says
 * the holdings are unknown rather than counting a partial sum.
 */
export type HoldingNetwork = 'ERC20' | 'TRC20' | 'XRPL';

const hex64 = /^[0-9a-fA-F]{1,64}$/;
const scaled = (raw: bigint, decimals: number) => new D(raw.toString()).div(new D(10).pow(decimals));

/** ERC-20 `balanceOf(address)`, as viem calls it. */
const BALANCE_OF = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

/** Ethereum holdings read with viem, the one Ethereum client (`chain/eth-client.ts`). */
async function ethereum(c: ChainConfig, address: string, currency: string): Promise<Dec> {
  const client = await ethClient(c.ethRpcUrl!, c.timeoutMs);
  const owner = address as `0x${string}`;
  const raw = await (currency === 'ETH'
    ? client.getBalance({ address: owner, blockTag: 'latest' })
    : client.readContract({
        address: c.ethUsdtContract as `0x${string}`,
        abi: BALANCE_OF,
        functionName: 'balanceOf',
        args: [owner],
        blockTag: 'latest',
      })
  ).catch((err: unknown) => {
    throw ethFailure(err);
  });
  return scaled(raw, chainDecimals(currency));
}

async function tron(c: ChainConfig, address: string): Promise<Dec> {
  const answer = await boundedFetch(`${c.tronApiUrl}/wallet/triggerconstantcontract`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(c.tronApiKey ? { 'TRON-PRO-API-KEY': c.tronApiKey } : {}),
    },
    body: JSON.stringify({
      owner_address: address,
      contract_address: c.tronUsdtContract,
      function_selector: 'balanceOf(address)',
      parameter: tronToHex(address).slice(2).padStart(64, '0'),
      visible: true,
    }),
    timeoutMs: c.timeoutMs,
    maxBytes: MAX_ANSWER_BYTES.chain,
  }).catch((err: Error) => {
    throw new ProviderError(`TRON API triggerconstantcontract: ${err.message}`);
  });
  if (!answer.ok) throw new ProviderError(`TRON API triggerconstantcontract: HTTP ${answer.status}`);
  let body: { constant_result?: unknown; result?: { result?: unknown } };
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new ProviderError('TRON API triggerconstantcontract: not JSON');
  }
  const out = Array.isArray(body?.constant_result) ? body.constant_result[0] : undefined;
  if (body?.result?.result !== true || typeof out !== 'string' || !hex64.test(out))
    throw new ProviderError('TRON API triggerconstantcontract: bad balance');
  return scaled(BigInt(`0x${out}`), chainDecimals('USDT'));
}

async function xrpl(c: ChainConfig, address: string): Promise<Dec> {
  const r = await xrplCall(c, 'account_info', { account: address, ledger_index: 'validated' }, [
    'actNotFound',
  ]);
  if (r.notFound) return ZERO;
  const data = r.account_data as { Balance?: unknown } | undefined;
  if (typeof data?.Balance !== 'string' || !/^[0-9]{1,19}$/.test(data.Balance))
    throw new ProviderError('XRPL RPC account_info: bad balance');
  return scaled(BigInt(data.Balance), chainDecimals('XRP'));
}

/** Whether the server can read this network at all (its provider is configured). */
export const readable = (c: ChainConfig, network: HoldingNetwork) =>
  network === 'ERC20' ? !!c.ethRpcUrl : network === 'TRC20' ? !!c.tronApiUrl : !!c.xrplRpcUrl;

/** The sum of `currency` held at `addresses` on `network`, one call per address. */
export async function holdingsAt(
  c: ChainConfig,
  network: HoldingNetwork,
  currency: string,
  addresses: string[],
): Promise<Dec> {
  let sum = ZERO;
  for (const a of addresses) {
    sum = sum.plus(
      network === 'ERC20'
        ? await ethereum(c, a, currency)
        : network === 'TRC20'
          ? await tron(c, a)
          : await xrpl(c, a),
    );
  }
  return sum;
}
