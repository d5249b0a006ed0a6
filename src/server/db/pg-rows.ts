/**
 * How `pgRun` asks `pg` for a statement and turns its rows into objects (decision 0214).
 *
 * `pg` makes each row object by spreading one prebuilt object per result (`{ ...prebuilt }`) and then
 * setting every column by name. That spread is one site in `pg` shared by every query of the process: in
 * an app with many queries V8 sees many shapes there, gives up on it (megamorphic) and copies every
 * property through its slow path. Counted with callgrind, that was ~270,000 instructions of a 100-row
 * history answer that a server with three queries does not pay (issue 18). So queries ask `pg` for rows as
 * arrays (`rowMode: 'array'`, with the same type parsers), and each column list gets its own small
 * function with an object literal: one shape per list, built in one step.
 *
 * Each SQL text keeps one entry: its query config (the prepared statement's name, the text, the row mode)
 * and the builder of its last column list. The config is the prototype of the object passed to `pg`,
 * which copies a config's own properties at every query and keeps its prototype: an empty object is
 * copied for nothing.
 */
import type pg from 'pg';

type Row = Record<string, unknown>;
type Build = (values: unknown[]) => Row;

interface Statement {
  readonly config: pg.QueryArrayConfig;
  names: readonly string[] | null;
  build: Build | null;
}

/** SQL texts and column lists kept. Ours are a bounded number; past this many, nothing more is kept. */
const MAX_KEPT = 2_000;
const statements = new Map<string, Statement>();
const builders = new Map<string, Build>();

/** The loop that builds a row when no compiled function is kept (also what the tests compare with). */
export function buildByLoop(names: readonly string[], values: unknown[]): Row {
  const row: Row = {};
  for (let i = 0; i < names.length; i++) {
    Object.defineProperty(row, names[i]!, {
      value: values[i],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return row;
}

function compile(names: readonly string[]): Build {
  // Keys are JSON string literals (valid JavaScript string literals); `__proto__` as a computed key is an
  // own property, never the prototype. A repeated name keeps its last value, as in `pg`.
  const fields = names.map((n, i) => `${n === '__proto__' ? '["__proto__"]' : JSON.stringify(n)}: v[${i}]`);
  return new Function('v', `return { ${fields.join(', ')} };`) as Build;
}

/** The builder of rows with these column names: compiled once per list. */
export function builderOf(names: readonly string[]): Build {
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (build) return build;
  if (builders.size >= MAX_KEPT) return (values) => buildByLoop(names, values);
  build = compile(names);
  builders.set(key, build);
  return build;
}

/** The query config of `sql` (as the prototype of what `pg` is given) and its rows' builder. */
export function statementOf(sql: string, name: string | undefined): Statement {
  let s = statements.get(sql);
  if (s) return s;
  const config: pg.QueryArrayConfig = name
    ? { name, text: sql, rowMode: 'array' }
    : { text: sql, rowMode: 'array' };
  s = { config, names: null, build: null };
  if (statements.size < MAX_KEPT) statements.set(sql, s);
  return s;
}

function sameNames(names: readonly string[], fields: readonly pg.FieldDef[]): boolean {
  if (names.length !== fields.length) return false;
  for (let i = 0; i < fields.length; i++) if (fields[i]!.name !== names[i]) return false;
  return true;
}

/** Turns a result read with `rowMode: 'array'` into the usual one: rows as objects keyed by column name. */
export function withObjectRows(s: Statement | null, result: pg.QueryResult): pg.QueryResult {
  const rows = result.rows as unknown as unknown[][];
  if (rows.length === 0) return result;
  let build: Build;
  if (s?.build && s.names && sameNames(s.names, result.fields)) {
    build = s.build;
  } else {
    const names = result.fields.map((f) => f.name);
    build = builderOf(names);
    if (s) {
      s.names = names;
      s.build = build;
    }
  }
  const out = new Array<Row>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = build(rows[i]!);
  result.rows = out;
  return result;
}
