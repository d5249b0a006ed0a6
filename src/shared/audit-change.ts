/**
 * An audit entry's before and after as Korean lines ("상태: 대기 → 완료"): the desk's audit log and its
 * CSV export read the same words. Ids are left out (the target is named by username beside it), and a
 * field without a Korean name is called "기타 항목" rather than shown by its key.
 */
import { formatExact } from './fees';
import { formatDeskTime } from './format';
import { MSG } from './messages';

const C = MSG.deskRecords.change;
const W = MSG.deskWork;
const S = MSG.auditSentence;
/** A moment as the server writes it (ISO 8601, UTC): shown in Korean time as the desk writes it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Identifiers, tags and numbers that name rather than count: digits as they are, never grouped. */
/** A calendar day (a lock's end, an export's period): written the desk's way, 2026.12.01. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const IDENTIFIER = /(^|_)(tag|tags|number|txid|id|code|step)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECIMAL = /^-?\d+(\.\d+)?$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function valueText(v: unknown, key = ''): string {
  if (v === null || v === undefined || v === '') return C.none;
  if (typeof v === 'boolean') return v ? C.yes : C.no;
  if (IDENTIFIER.test(key) && (typeof v === 'number' || typeof v === 'string')) return String(v);
  if (typeof v === 'number') return v.toLocaleString('ko-KR');
  if (typeof v === 'string') {
    const known = C.values[v] ?? W.auditValues[v] ?? S.values[v] ?? MSG.proposals.kinds[v];
    if (known) return known;
    if (ISO_TIME.test(v)) return formatDeskTime(v);
    if (DAY.test(v)) return v.replace(DAY, '$1.$2.$3');
    if (DECIMAL.test(v) && v.replace('-', '').length > 3) return formatExact(v);
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => valueText(x, key)).join(', ');
  if (isObj(v)) {
    if (typeof v.proposed_by === 'string' && typeof v.confirmed_by === 'string')
      return C.approval(v.proposed_by, v.confirmed_by);
    if (typeof v.proposed_by === 'string' && typeof v.refused_by === 'string')
      return C.refusal(v.proposed_by, v.refused_by);
    return Object.entries(v)
      .filter(([k, x]) => !hidden(k, x))
      .map(([k, x]) => `${label(k)} ${valueText(x, k)}`)
      .join(', ');
  }
  return String(v);
}

const label = (key: string) => C.fields[key] ?? W.auditFields[key] ?? S.fields[key] ?? C.other;
/** Ids are named elsewhere (the target column shows the member's username). */
const hidden = (key: string, v: unknown) =>
  key === 'id' || key.endsWith('_id') || (typeof v === 'string' && UUID.test(v));

/** One line per field that the entry records: "이름: 이전 → 이후", or "이름: 값" when only one side has it. */
export function describeChange(before: unknown, after: unknown): string[] {
  const b = isObj(before) ? before : before == null ? {} : { value: before };
  const a = isObj(after) ? after : after == null ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const lines: string[] = [];
  for (const key of keys) {
    const inB = key in b;
    const inA = key in a;
    if (hidden(key, inA ? a[key] : b[key])) continue;
    const name = key === 'value' ? C.other : label(key);
    if (inB && inA) {
      const from = valueText(b[key], key);
      const to = valueText(a[key], key);
      lines.push(from === to ? `${name}: ${to}` : `${name}: ${from} ${C.arrow} ${to}`);
    } else if (inA) lines.push(`${name}: ${valueText(a[key], key)}`);
    else lines.push(`${name}: ${valueText(b[key], key)} ${C.arrow} ${C.none}`);
  }
  return lines;
}

/** An audit action's Korean name. */
export const actionLabel = (action: string) =>
  MSG.admin.audit.actions[action] ??
  MSG.deskRecords.actions[action] ??
  W.auditActions[action] ??
  MSG.deskRecords.otherAction;

/** Every action the desk can filter by, with its Korean name. */
export const AUDIT_ACTIONS: readonly (readonly [string, string])[] = Object.entries({
  ...MSG.admin.audit.actions,
  ...MSG.deskRecords.actions,
  ...W.auditActions,
});
