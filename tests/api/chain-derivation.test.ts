import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositAddressAt, deriveExtendedPublic } from '../../src/server/chain/derivation';
import { xpubProblem } from '../../src/server/config-parse';
import { memberClient } from '../support/client';
import { erc20Address, setDepositAddress, xrpAddress } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Deposit addresses derived from watch-only keys (decision 0351): the published BIP-32 vectors, known
 * Ethereum and TRON addresses of known mnemonics, and the assignment on the member's first visit (once,
 * never shared, in parallel on PostgreSQL with DATABASE_URL).
 */

// BIP-32 test vector 1: the extended public key at m/0H/1/2H, and at m/0H/1/2H/2/1000000000.
const V1_M_0H_1_2H =
  'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';
const V1_M_0H_1_2H_2_1000000000 =
  'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy';
// BIP-32 test vector 2: m, m/0; m/0/2147483647H/1/2147483646H, …/2.
const V2_M =
  'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB';
const V2_M_0 =
  'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH';
const V2_DEEP =
  'xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL';
const V2_DEEP_2 =
  'xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt';
// m/44'/60'/0' of "test test test test test test test test test test test junk" (Hardhat's and Foundry's
// mnemonic, whose first accounts are published in their docs).
const ETH_ACCOUNT_XPUB =
  'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';
// m/44'/195'/0' of "abandon abandon … abandon about" (BIP-39's first vector mnemonic).
const TRON_ACCOUNT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

describe('derivation', () => {
  it('matches the published BIP-32 test vectors (public derivation)', () => {
    expect(deriveExtendedPublic(V1_M_0H_1_2H, [2, 1_000_000_000])).toBe(V1_M_0H_1_2H_2_1000000000);
    expect(deriveExtendedPublic(V2_M, [0])).toBe(V2_M_0);
    expect(deriveExtendedPublic(V2_DEEP, [2])).toBe(V2_DEEP_2);
  });

  it('gives the known Ethereum and TRON addresses of known mnemonics at m/44’/coin’/0’/0/i', () => {
    expect(depositAddressAt('ERC20', ETH_ACCOUNT_XPUB, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(depositAddressAt('ERC20', ETH_ACCOUNT_XPUB, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(depositAddressAt('TRC20', TRON_ACCOUNT_XPUB, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('refuses a private key, a key of the wrong level and garbage', () => {
    expect(
      xpubProblem(
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      ),
    ).toMatch(/PRIVATE/);
    expect(xpubProblem(V2_M)).toMatch(/depth 0/);
    expect(xpubProblem('hello')).toMatch(/not an extended public key/);
    expect(xpubProblem(ETH_ACCOUNT_XPUB)).toBeNull();
  });
});

describe('assignment on the first visit', () => {
  let server: TestServer;
  const XRP_SERVICE = xrpAddress();
  beforeAll(async () => {
    server = await startTestServer({
      DEPOSIT_XPUB_ERC20: ETH_ACCOUNT_XPUB,
      DEPOSIT_XPUB_TRC20: TRON_ACCOUNT_XPUB,
      XRP_DEPOSIT_ADDRESS: XRP_SERVICE,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('derives each member an address of their own, once, even when 20 members ask 5 times at once', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => memberClient(server.url)));
    const answers = await Promise.all(
      members.flatMap((m) =>
        Array.from({ length: 5 }, async () => ({
          id: m.id,
          r: await m.client.get('/api/deposit-address?network=ERC20'),
        })),
      ),
    );
    const byMember = new Map<string, Set<string>>();
    for (const { id, r } of answers) {
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ network: 'ERC20', origin: 'derived' });
      expect(r.body.data.qr_value).toBe(r.body.data.address);
      byMember.set(id, (byMember.get(id) ?? new Set()).add(r.body.data.address));
    }
    expect([...byMember.values()].every((s) => s.size === 1)).toBe(true);
    const addresses = [...byMember.values()].map((s) => [...s][0]!);
    expect(new Set(addresses).size).toBe(20);
    // Each is the key's address at the recorded index, and each index was given once.
    const rows = await server.db.query<{ address: string; derivation_index: string; member_id: string }>(
      `SELECT address, derivation_index::text AS derivation_index, member_id::text AS member_id
         FROM deposit_address_derivations WHERE member_id = ANY($1::uuid[]) AND network = 'ERC20'`,
      [members.map((m) => m.id)],
    );
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      expect(row.address).toBe(depositAddressAt('ERC20', ETH_ACCOUNT_XPUB, Number(row.derivation_index)));
      expect([...byMember.get(row.member_id)!][0]).toBe(row.address);
    }
    const again = await members[0]!.client.get('/api/deposit-address?network=ERC20');
    expect(again.body.data.address).toBe([...byMember.get(members[0]!.id)!][0]);
  });

  it('TRON derives from its own key; an operator-typed address keeps working; XRP gives a tag of one’s own', async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    const tron = await a.client.get('/api/deposit-address?network=TRC20');
    expect(tron.body.data.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const [row] = await server.db.query<{ derivation_index: string }>(
      `SELECT derivation_index::text AS derivation_index FROM member_deposit_addresses
        WHERE member_id = $1 AND network = 'TRC20'`,
      [a.id],
    );
    expect(tron.body.data.address).toBe(
      depositAddressAt('TRC20', TRON_ACCOUNT_XPUB, Number(row!.derivation_index)),
    );

    const typed = erc20Address();
    await setDepositAddress(server.db, b.id, typed);
    const kept = await b.client.get('/api/deposit-address?network=ERC20');
    expect(kept.body.data).toMatchObject({ address: typed, origin: 'operator' });

    const [ta, tb, ta2] = await Promise.all([
      a.client.get('/api/deposit-address/xrp'),
      b.client.get('/api/deposit-address/xrp'),
      a.client.get('/api/deposit-address/xrp'),
    ]);
    expect(ta.body.data).toMatchObject({ network: 'XRPL', address: XRP_SERVICE });
    expect(ta.body.data.destination_tag).toMatch(/^\d+$/);
    expect(ta2.body.data.destination_tag).toBe(ta.body.data.destination_tag);
    expect(tb.body.data.destination_tag).not.toBe(ta.body.data.destination_tag);
    expect(ta.body.data.qr_value).toBe(`${XRP_SERVICE}?dt=${ta.body.data.destination_tag}`);
    // Only a signed-in member gets one.
    const anonymous = await fetch(`${server.url}/api/deposit-address/xrp`);
    expect(anonymous.status).toBe(401);
  });
});
