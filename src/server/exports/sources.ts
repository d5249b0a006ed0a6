/**
 * What each export reads and how one row becomes Korean cells: the audit log, the sign-in log, the
 * deposit and withdrawal requests, the ledger. Each reads its table in key order, in batches.
 */
import { actionLabel, describeChange } from '../../shared/audit-change';
import { MSG } from '../../shared/messages';
import type { ExportKind, ExportQuery } from '../../shared/schemas/desk-records';
import { describeDevice } from '../../shared/user-agent';
import { AUDIT_JOINS, auditWhere } from '../audit/list-audit';
import { addPeriod, memberIdByUsername, whereBuilder } from '../audit/record-filters';
import { authEventsWhere } from '../auth/list-auth-events';
import type { Queryable } from '../db';
import { csvCell } from '../http/csv';
import { num } from '../sql';
import { inBatches } from './batches';

const X = MSG.deskRecords.exports;
const H = X.columns;
const AUDIT = MSG.admin.audit;
const AE = MSG.authEvents;

/** A time as the desk shows it: Korean time (UTC+9 all year), to the second. */
const kst = (col: string) =>
  `to_char((${col} AT TIME ZONE 'UTC') + interval '9 hours', 'YYYY-MM-DD HH24:MI:SS')`;
/** The key of a row ordered by time then id: the UTC time to the microsecond and the id. */
const timeKey = (t: string, id: string) =>
  `to_char(${t} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '|' || ${id}::text`;

type Where = NonNullable<Awaited<ReturnType<typeof auditWhere>>>;
/** A cell: text, or an amount (kept as a signed number, not guarded as a formula). */
type Cell = string | null | { amount: string | null };
type Row = { k: string } & Record<string, unknown>;
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const amount = (v: unknown): Cell => ({ amount: s(v) });

/** The rows after `after` by the integer id `col`, given the filters. */
const byId = (w: Where, sql: string, col: string) => (after: string | null, limit: number) => {
  const n = w.params.length;
  const cond = `${w.sql() ? `${w.sql()} AND` : 'WHERE'} ${col} > $${n + 1}::bigint`;
  return {
    sql: `${sql} ${cond} ORDER BY ${col} LIMIT $${n + 2}`,
    params: [...w.params, after ?? '0', limit],
  };
};

/** The rows after `after` by (time, uuid id), given the filters. */
const byTime = (w: Where, sql: string, t: string, id: string) => (after: string | null, limit: number) => {
  const n = w.params.length;
  const [time, key] = after
    ? after.split('|')
    : ['0001-01-01T00:00:00', '00000000-0000-0000-0000-000000000000'];
  const cond = `${w.sql() ? `${w.sql()} AND` : 'WHERE'} (${t}, ${id}) > (($${n + 1}::timestamp AT TIME ZONE 'UTC'), $${n + 2}::uuid)`;
  return {
    sql: `${sql} ${cond} ORDER BY ${t}, ${id} LIMIT $${n + 3}`,
    params: [...w.params, time, key, limit],
  };
};

export interface ExportSource {
  headers: string[];
  rows: AsyncGenerator<string[][]>;
}

const encode = (c: Cell) =>
  c !== null && typeof c === 'object' ? csvCell(c.amount, { numeric: true }) : csvCell(c);

async function* mapped(batches: AsyncGenerator<Row[]>, cells: (r: Row) => Cell[]) {
  for await (const batch of batches) yield batch.map((r) => cells(r).map(encode));
}

const AUDIT_HEADERS = [H.time, H.actor, H.action, H.target, H.change, H.ip];
const AUTH_HEADERS = [H.time, H.member, H.identifier, H.activity, H.result, H.ip, H.device];
const REQUEST_HEADERS = [
  H.type,
  H.time,
  H.member,
  H.currency,
  H.amount,
  H.fee,
  H.status,
  H.method,
  H.destination,
  H.processedBy,
  H.processedAt,
];

function auditSource(q: Queryable, w: Where): ExportSource {
  const sql = `SELECT a.id::text AS k, ${kst('a.created_at')} AS t, a.actor_username, a.action, a.target_type,
      COALESCE(tm.username, am.username) AS member, a.before, a.after, a.ip FROM audit_log a ${AUDIT_JOINS}`;
  return {
    headers: AUDIT_HEADERS,
    rows: mapped(inBatches<Row>(q, byId(w, sql, 'a.id')), (r): Cell[] => [
      s(r.t),
      s(r.actor_username) ?? MSG.admin.none,
      actionLabel(String(r.action)),
      s(r.member) ?? (r.target_type ? (AUDIT.targetTypes[String(r.target_type)] ?? null) : null),
      describeChange(r.before, r.after).join(' / '),
      s(r.ip),
    ]),
  };
}

function authSource(q: Queryable, w: Where): ExportSource {
  const sql = `SELECT e.id::text AS k, ${kst('e.created_at')} AS t, m.username, e.identifier, e.kind, e.success,
      e.reason, e.ip, e.user_agent FROM auth_events e LEFT JOIN members m ON m.id = e.member_id`;
  return {
    headers: AUTH_HEADERS,
    rows: mapped(inBatches<Row>(q, byId(w, sql, 'e.id')), (r): Cell[] => [
      s(r.t),
      s(r.username),
      s(r.identifier),
      AE.kinds[r.kind as keyof typeof AE.kinds] ?? String(r.kind),
      r.success
        ? X.success
        : `${X.failure}${r.reason ? ` (${AE.reasons[r.reason as keyof typeof AE.reasons] ?? ''})` : ''}`,
      s(r.ip),
      describeDevice(s(r.user_agent)) ?? AE.unknownDevice,
    ]),
  };
}

const STATUS = MSG.deskRecords.change.values;
const requestCells =
  (type: string) =>
  (r: Row): Cell[] => [
    type,
    s(r.t),
    s(r.username),
    s(r.currency),
    amount(r.amount),
    amount(r.fee),
    STATUS[String(r.status)] ?? String(r.status),
    r.method ? (STATUS[String(r.method)] ?? String(r.method)) : null,
    s(r.destination),
    s(r.processed_by),
    s(r.processed_at),
  ];

async function* requestRows(q: Queryable, dw: Where, ww: Where) {
  yield* mapped(
    inBatches<Row>(
      q,
      byTime(
        dw,
        `SELECT ${timeKey('r.created_at', 'r.id')} AS k, ${kst('r.created_at')} AS t, m.username, r.currency,
           ${num('r.amount')} AS amount, NULL AS fee, r.status, NULL AS method,
           COALESCE(r.deposit_address, r.depositor_name) AS destination, p.username AS processed_by,
           ${kst('r.processed_at')} AS processed_at
         FROM deposits r JOIN members m ON m.id = r.member_id LEFT JOIN members p ON p.id = r.processed_by`,
        'r.created_at',
        'r.id',
      ),
    ),
    requestCells(X.deposit),
  );
  yield* mapped(
    inBatches<Row>(
      q,
      byTime(
        ww,
        `SELECT ${timeKey('r.created_at', 'r.id')} AS k, ${kst('r.created_at')} AS t, m.username, r.currency,
           ${num('r.amount')} AS amount, ${num('r.fee')} AS fee, r.status, r.method,
           COALESCE(rm.username, r.recipient_address, concat_ws(' ', r.bank_name, r.account_number, r.account_holder)) AS destination,
           p.username AS processed_by, ${kst('r.processed_at')} AS processed_at
         FROM withdrawals r JOIN members m ON m.id = r.member_id LEFT JOIN members p ON p.id = r.processed_by
         LEFT JOIN members rm ON rm.id = r.recipient_member_id`,
        'r.created_at',
        'r.id',
      ),
    ),
    requestCells(X.withdrawal),
  );
}

function ledgerSource(q: Queryable, w: Where): ExportSource {
  const sql = `SELECT l.id::text AS k, ${kst('l.created_at')} AS t, m.username, l.currency, l.kind,
      ${num('l.amount')} AS amount, ${num('l.balance_after')} AS balance_after, p.username AS actor, l.note
      FROM ledger_entries l JOIN members m ON m.id = l.member_id LEFT JOIN members p ON p.id = l.actor_id`;
  return {
    headers: [H.id, H.time, H.member, H.currency, H.kind, H.amount, H.balanceAfter, H.processedBy, H.note],
    rows: mapped(inBatches<Row>(q, byId(w, sql, 'l.id')), (r): Cell[] => [
      amount(r.k),
      s(r.t),
      s(r.username),
      s(r.currency),
      X.ledgerKinds[String(r.kind)] ?? MSG.deskRecords.change.other,
      amount(r.amount),
      amount(r.balance_after),
      s(r.actor),
      s(r.note),
    ]),
  };
}

async function* none(): AsyncGenerator<string[][]> {}

/** The export of `kind` for the query's period (and member): its Korean headers and its rows, read lazily. */
export async function exportSource(q: Queryable, kind: ExportKind, f: ExportQuery): Promise<ExportSource> {
  if (kind === 'audit') {
    const w = await auditWhere(q, f);
    return w ? auditSource(q, w) : { headers: AUDIT_HEADERS, rows: none() };
  }
  if (kind === 'auth-events') {
    const w = await authEventsWhere(q, f);
    return w ? authSource(q, w) : { headers: AUTH_HEADERS, rows: none() };
  }
  const member = f.username ? await memberIdByUsername(q, f.username) : null;
  const filters = (alias: string) => {
    const w = whereBuilder();
    if (member) w.add(`${alias}.member_id = ?`, member);
    addPeriod(w, `${alias}.created_at`, f);
    return w;
  };
  const missing = Boolean(f.username) && !member;
  if (kind === 'ledger') {
    const src = ledgerSource(q, filters('l'));
    return missing ? { headers: src.headers, rows: none() } : src;
  }
  return {
    headers: REQUEST_HEADERS,
    rows: missing ? none() : requestRows(q, filters('r'), filters('r')),
  };
}
