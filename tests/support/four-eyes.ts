import { insertDeposit } from './admin-fixtures';
import { adminClient, type Client, memberClient, type Res } from './client';
import { loginCode } from './totp';

/**
 * A new member's 100,000,000 KRW deposit whose approval by `proposer` is a proposal (202) for a second
 * administrator: the member, the deposit and the proposal's id.
 */
export async function depositProposal(
  server: { url: string; db: Parameters<typeof insertDeposit>[0] },
  proposer: Client,
) {
  const m = await memberClient(server.url);
  const deposit = await insertDeposit(server.db, m.id, { amount: '100000000' });
  const r = await proposer.post(`/api/admin/deposits/${deposit}/approve`, {});
  if (r.status !== 202) throw new Error(`not a proposal: ${JSON.stringify(r.body)}`);
  return { m, deposit, id: (r.body.data as { proposal: { id: string } }).proposal.id };
}

/**
 * Confirms a proposal as `confirmer`, with a fresh one-time code (step-up): the next unused step's code, or
 * one of its recovery codes when both steps accepted now were used, so tests do not wait for a new step.
 */
export async function confirmAs(confirmer: Client, proposalId: string) {
  const otp = confirmer.otp;
  const body = otp?.totpSecret ? { otpCode: await loginCode(otp) } : {};
  return confirmer.post(`/api/admin/proposals/${proposalId}/confirm`, body);
}

/**
 * Two-person approval (decision 0160) in tests: a second administrator, and a helper that sends an
 * administrator action as one administrator and, when it became a proposal (202), confirms it as the
 * other. It answers like the one-step action did: the action's own status (200 / 201) and result, or the
 * refusal of the proposal or of the confirmation.
 */
export async function secondAdmin(
  base: string,
  db: { query(sql: string, params?: unknown[]): Promise<unknown[]> },
) {
  return adminClient(base, db);
}

export async function proposeAndConfirm<T = any>(
  proposer: Client,
  confirmer: Client,
  method: string,
  path: string,
  body?: unknown,
): Promise<Res<T>> {
  const proposed = await proposer.call(method, path, body);
  if (proposed.status !== 202) return proposed as Res<T>;
  const id = (proposed.body.data as { proposal: { id: string } }).proposal.id;
  const confirmed = await confirmAs(confirmer, id);
  if (confirmed.status >= 300) return confirmed as Res<T>;
  return {
    status: confirmed.status,
    headers: confirmed.headers,
    body: { data: (confirmed.body.data as { result: T }).result, error: null },
  };
}

/** Confirms, as `confirmer`, every pending proposal about `memberId` (oldest first): a screen proposed them. */
export async function confirmPendingFor(
  confirmer: Client,
  db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> },
  memberId: string,
) {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM admin_proposals WHERE member_id = $1 AND status = 'pending' ORDER BY created_at, id`,
    [memberId],
  );
  const replies = [];
  for (const r of rows) {
    const res = await confirmAs(confirmer, r.id);
    if (res.status >= 300) throw new Error(`confirm failed: ${JSON.stringify(res.body)}`);
    replies.push(res);
  }
  return replies;
}

/** A change proposed by `admin` and confirmed by `checker` (two-person approval), answered as one step. */
export const byTwo =
  (admin: { client: Client }, checker: { client: Client }) =>
  (method: string, path: string, body?: unknown) =>
    proposeAndConfirm(admin.client, checker.client, method, path, body);
