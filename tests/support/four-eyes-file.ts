import type { Client } from './client';
import { fileAdmin, fileChecker, fileServer } from './fixture';
import { confirmAs } from './four-eyes';

/**
 * The setup of the two-person approval files: the server, two administrators (`a` proposes, `b`
 * confirms) and the reads the tests make of balances, proposals and the audit log.
 */
export function fourEyesFile() {
  const server = fileServer();
  const a = fileAdmin(server);
  const b = fileChecker(server);
  return {
    server,
    a,
    b,
    balancesUrl: (id: string) => `/api/admin/members/${id}/balances`,
    async balanceOf(id: string, currency: string) {
      const [r] = await server.db.query<{ b: string }>(
        `SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = $2`,
        [id, currency],
      );
      return r?.b;
    },
    statusOf: async (id: string) =>
      (await server.db.query<{ status: string }>('SELECT status FROM admin_proposals WHERE id = $1', [id]))[0]
        ?.status,
    confirm: (c: Client, id: string) => confirmAs(c, id),
    cancel: (c: Client, id: string, reason?: string) =>
      c.post(`/api/admin/proposals/${id}/cancel`, reason ? { reason } : undefined),
    /** The entries of the actions about a member, newest first (each confirmation's own entry left out). */
    auditOf: async (targetId: string) =>
      (
        (await a.client.get(`/api/admin/audit?targetId=${targetId}`)).body.data.items as {
          action: string;
          actor_username: string;
          after: Record<string, unknown>;
        }[]
      ).filter((e) => e.action !== 'proposal.confirm'),
  };
}
