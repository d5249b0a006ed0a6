import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from '../../src/shared/address';
import { networksFor } from '../../src/shared/networks';
import { memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { addressFor, adjustBalance, setDepositAddress, txid } from '../support/money';
import { snapshot } from './db-snapshot';
import { reliabilitySize } from './size';

/**
 * Part 3 of the reliability suite, networks: well-formed requests but for one network fault, each refused with
 * a Korean 400 at its field and no change (the operations' generated bad input is bad-input.test.ts).
 */
const SEED = Number(process.env.SEED ?? Date.now() % 1_000_000);
const TOTAL = Number(process.env.BAD_INPUT_REQUESTS ?? reliabilitySize({ full: 10_000, reduced: 2_500 }));
const HANGUL = /[가-힣]/;

const server = fileServer();

/**
 * Networks: requests that are well-formed except for one network fault — a currency on a network that
 * cannot carry it, an address of another network or with a broken checksum, a bad or conflicting XRP
 * destination tag, a deposit TXID or sender of the other network. The member holds enough of everything,
 * so only the fault can refuse them: each must be a 400 naming the field, in Korean, and change nothing.
 */
const X_ADDRESS_WITH_TAG = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';
const NETWORKS = ['TRC20', 'ERC20', 'XRPL', 'BTC'] as const;
/** A valid address of `network` with its checksum broken: one character changed (EIP-55: one letter's case). */
function brokenAddress(network: (typeof NETWORKS)[number]): string {
  if (network === 'ERC20') {
    const a = toChecksumAddress(`0x${'ab'.repeat(20)}`);
    const i = 2 + [...a.slice(2)].findIndex((ch) => /[a-f]/i.test(ch));
    const ch = a[i]!;
    return `${a.slice(0, i)}${ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()}${a.slice(i + 1)}`;
  }
  const a = addressFor(network);
  const i = a.length - 2;
  return `${a.slice(0, i)}${a[i] === 'a' ? 'c' : 'a'}${a.slice(i + 1)}`;
}

/** An external withdrawal of 1 `currency` over `network` to `to` (and `more`), to be refused at `field`. */
const withdrawal = (
  currency: string,
  network: string,
  to: string,
  field: string,
  more: { destination_tag?: string } = {},
) => ({
  path: '/api/withdrawals/crypto',
  body: { currency, amount: '1', method: 'external', network, recipient_address: to, ...more },
  field,
});

function networkFaults(): fc.Arbitrary<{ path: string; body: Record<string, unknown>; field: string }> {
  const currency = fc.constantFrom('USDT', 'ETH', 'XRP', 'BTC');
  const pair = currency.chain((c) =>
    fc
      .constantFrom(...NETWORKS.filter((n) => !networksFor(c).includes(n)))
      .map((network) => withdrawal(c, network, addressFor(network), 'network')),
  );
  const address = currency.chain((c) =>
    fc
      .tuple(fc.constantFrom(...networksFor(c)), fc.constantFrom(...NETWORKS))
      .map(([network, other]) =>
        withdrawal(
          c,
          network,
          other === network ? brokenAddress(network) : addressFor(other),
          'recipient_address',
        ),
      ),
  );
  const tag = fc
    .oneof(
      fc
        .constantFrom('4294967296', '-1', '1.5', '1e3', ' ', 'x', '99999999999')
        .map((t) => [addressFor('XRPL'), t] as const),
      fc.integer({ min: 0, max: 4_294_967_294 }).map((t) => [X_ADDRESS_WITH_TAG, String(t)] as const),
    )
    .filter(([, t]) => t.trim() !== '')
    .map(([recipient, t]) => withdrawal('XRP', 'XRPL', recipient, 'destination_tag', { destination_tag: t }));
  const tagElsewhere = fc.constantFrom('USDT', 'ETH', 'BTC').map((c) => {
    const network = networksFor(c)[0]!;
    return withdrawal(c, network, addressFor(network), 'destination_tag', { destination_tag: '7' });
  });
  /** A deposit claim with one fault: a TXID, sender or amount of another network, or a network deposits do not take. */
  const claim = (network: string, id: string, sender: string, field: string, amount = '1') => ({
    path: '/api/deposits/crypto',
    body: { amount, network, txid: id, sender_address: sender },
    field,
  });
  const deposit = fc.constantFrom(
    claim('TRC20', `0x${txid()}`, addressFor('TRC20'), 'txid'),
    claim('ERC20', txid(), addressFor('ERC20'), 'txid'),
    claim('TRC20', txid(), addressFor('ERC20'), 'sender_address'),
    claim('ERC20', `0x${txid()}`, addressFor('TRC20'), 'sender_address'),
    claim('BTC', txid(), addressFor('BTC'), 'network'),
    // An XRP claim (a payment sent without the member's tag): its hash has no 0x, its sender is an XRP
    // address, its amount at most 6 decimals; refused before the ledger is asked.
    claim('XRPL', `0x${txid()}`, addressFor('XRPL'), 'txid'),
    claim('XRPL', txid(), addressFor('TRC20'), 'sender_address'),
    claim('XRPL', txid(), addressFor('XRPL'), 'amount', '1.0000001'),
  );
  return fc.oneof(pair, address, tag, tagElsewhere, deposit);
}

describe('bad network input', () => {
  it('refuses every wrong network, address, tag or TXID with a Korean 400 at its field and changes nothing', async () => {
    const m = await memberClient(server.url);
    // Nothing is registered on the member's behalf first (tests/support/client.ts): a bad request alone.
    m.client.addressBookPin = null;
    for (const c of ['USDT', 'ETH', 'XRP'] as const) await adjustBalance(server.db, m.id, c, '1000');
    await setDepositAddress(server.db, m.id, addressFor('TRC20'));
    await setDepositAddress(server.db, m.id, addressFor('ERC20'));
    const cases = fc.sample(networkFaults(), { seed: SEED, numRuns: Math.max(200, Math.ceil(TOTAL / 20)) });
    const before = await snapshot(server.db);
    const failures: string[] = [];
    for (const f of cases) {
      const r = await m.client.post(f.path, f.body);
      const message = r.body?.error?.fields?.[f.field] ?? '';
      if (r.status !== 400 || !HANGUL.test(message)) {
        if (failures.length < 20)
          failures.push(`${JSON.stringify(f)} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(await snapshot(server.db)).toEqual(before);
  });
});
