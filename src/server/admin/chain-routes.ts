import { chainStatusView } from '../../shared/schemas/chain';
import { adminModule } from './module';

/** GET /api/admin/chain-status: which deposit networks the server checks on chain. */
export const chainStatusRoutes = adminModule(({ admin, config }) => {
  admin.get('/chain-status', {
    operationId: 'adminChainStatus',
    summary: '체인 확인 상태: 네트워크별 켜짐/꺼짐, 필요한 컨펌 수, 자동 승인 여부',
    view: chainStatusView,
    run: async () => {
      const c = config.chain;
      return {
        networks: [
          {
            network: 'TRC20' as const,
            enabled: c.tronApiUrl !== null,
            min_confirmations: c.tronMinConfirmations,
          },
          {
            network: 'ERC20' as const,
            enabled: c.ethRpcUrl !== null,
            min_confirmations: c.ethMinConfirmations,
          },
          {
            network: 'XRPL' as const,
            enabled: c.xrplRpcUrl !== null && c.xrpDepositAddress !== null,
            min_confirmations: c.xrplMinConfirmations,
          },
        ],
        auto_approve: c.autoApprove,
      };
    },
  });
});
