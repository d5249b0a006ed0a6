import { expect } from 'vitest';
import type { Client } from './client';

/** A pending deposit's chain check as the desk's deposit list shows it (null: none yet). */
export async function deskChainOf(admin: Client, depositId: string) {
  const r = await admin.get('/api/admin/deposits?status=pending&pageSize=100');
  expect(r.status).toBe(200);
  const row = (r.body.data.items as { id: string; chain: Record<string, unknown> | null }[]).find(
    (d) => d.id === depositId,
  );
  return row?.chain ?? null;
}
