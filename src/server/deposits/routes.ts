import { DEFAULT_DEPOSIT_NETWORK, type DepositClaimNetwork } from '../../shared/networks';
import {
  cryptoDepositBodySchema,
  depositAddressQuerySchema,
  depositAddressViewSchema,
  depositViewSchema,
  krwDepositBodySchema,
  xrpDepositAddressViewSchema,
} from '../../shared/schemas/deposits';
import { type ChainConfig, checkedNetworks } from '../chain/chain-config';
import { assignDepositAddress, assignDepositTag } from '../chain/deposit-address';
import type { App, Ctx } from '../context';
import { idempotentCreateRoute } from '../http/create-route';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { memberOnly, requireMember } from '../http/guards';
import {
  createCryptoDeposit,
  foundOnChain,
  isDuplicateTransfer,
  mapDepositError,
} from './create-crypto-deposit';
import { createKrwDeposit } from './create-krw-deposit';
import { verifyXrpClaim } from './xrp-claim';

/**
 * What a deposit page tells of its network: whether the server reads that chain (a transfer to the address
 * is found and credited by itself, a claim is checked; decision 0420) and the confirmations it waits for.
 */
function networkFacts(chain: ChainConfig, network: DepositClaimNetwork) {
  const confirmations = {
    TRC20: chain.tronMinConfirmations,
    ERC20: chain.ethMinConfirmations,
    XRPL: chain.xrplMinConfirmations,
  };
  return { connected: checkedNetworks(chain).includes(network), min_confirmations: confirmations[network] };
}

/** A member's deposit requests and address (approve/reject: admin/decision-routes.ts). */
export async function depositRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  idempotentCreateRoute(app, db, {
    url: '/deposits/crypto',
    operationId: 'createCryptoDeposit',
    summary:
      '암호화폐 입금 신청: USDT는 회원에게 배정된 주소로, XRP(XRPL)는 태그 없이 서비스 주소로 보낸 송금을 원장에서 확인해서 (같은 TXID는 한 번만)',
    tags: ['deposits'],
    body: cryptoDepositBodySchema,
    view: depositViewSchema,
    // An XRP claim is read on the ledger first, outside the transaction.
    prepare: async (_req, memberId, body) => {
      const xrp =
        body.network === 'XRPL' ? await verifyXrpClaim(db, config.chain, memberId, body) : undefined;
      return async () => xrp;
    },
    create: createCryptoDeposit,
    async recover(err, memberId, body) {
      // The scan recorded this transfer while the claim was being written: the claim is that request.
      const found = isDuplicateTransfer(err)
        ? await foundOnChain(db, memberId, body.txid, body.amount)
        : null;
      if (found) return found;
      throw mapDepositError(err);
    },
  });

  idempotentCreateRoute(app, db, {
    url: '/deposits/krw',
    operationId: 'createKrwDeposit',
    summary: '원화 입금 신청 (최소 10,000원, 원 단위)',
    tags: ['deposits'],
    body: krwDepositBodySchema,
    view: depositViewSchema,
    create: createKrwDeposit,
  });

  const api = declareRoutes(app, { tags: ['deposits'], errors: errorResponses(404), preHandler: memberOnly });
  api.get('/deposit-address', {
    operationId: 'getDepositAddress',
    summary:
      '내 입금 주소: USDT는 네트워크(TRC20 기본, ERC20)별, ETH는 이더리움 주소 (처음 열 때 회원 전용 주소 배정, 없으면 null), 그 네트워크를 서버가 읽는지(connected)와 기다리는 컨펌 수, 관리자 문의 링크',
    querystring: depositAddressQuerySchema,
    view: depositAddressViewSchema,
    run: async (req) => {
      const s = requireMember(req);
      const currency = req.query.currency ?? 'USDT';
      // ETH lives on Ethereum only: the member's Ethereum address, the one USDT on ERC20 also uses.
      const network = currency === 'ETH' ? 'ERC20' : (req.query.network ?? DEFAULT_DEPOSIT_NETWORK);
      const a = await assignDepositAddress(db, config.chain, s.member.id, network);
      return {
        currency,
        address: a?.address ?? null,
        network,
        chat_url: config.adminChatUrl,
        origin: a?.origin ?? null,
        qr_value: a?.address ?? null,
        ...networkFacts(config.chain, network),
      };
    },
  });

  api.get('/deposit-address/xrp', {
    operationId: 'getXrpDepositAddress',
    summary: '내 XRP 입금 주소: 서비스 주소와 회원 전용 데스티네이션 태그 (처음 열 때 배정)',
    view: xrpDepositAddressViewSchema,
    run: async (req) => {
      const s = requireMember(req);
      const address = config.chain.xrpDepositAddress;
      const tag = address ? await assignDepositTag(db, s.member.id) : null;
      return {
        network: 'XRPL' as const,
        address: tag ? address : null,
        destination_tag: tag,
        qr_value: tag ? `${address}?dt=${tag}` : null,
        chat_url: config.adminChatUrl,
        ...networkFacts(config.chain, 'XRPL'),
      };
    },
  });
}
