import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildByLoop, builderOf, statementOf, withObjectRows } from './pg-rows';

const fields = (...names: string[]) => names.map((name) => ({ name }) as pg.FieldDef);
const result = (names: string[], rows: unknown[][]) =>
  ({ fields: fields(...names), rows, rowCount: rows.length }) as unknown as pg.QueryResult;

describe('pg rows built per column list (decision 0214)', () => {
  it('builds the same objects as a property-by-property loop, whatever the column names', () => {
    const names = [
      'id',
      'a"b',
      'back\\slash',
      'line\nbreak',
      '\u2028sep\u2029',
      '$' + '{x}',
      '*/ }); throw 1; ({',
      '회원',
      '',
      'constructor',
      'toString',
      '0',
      '1e3',
    ];
    const values = names.map((_, i) => (i % 3 === 0 ? null : `v${i}`));
    const built = builderOf(names)(values);
    expect(built).toEqual(buildByLoop(names, values));
    expect(Object.keys(built)).toEqual(Object.keys(buildByLoop(names, values)));
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
  });

  it('keeps a column named __proto__ as an own property, never as the prototype', () => {
    const row = builderOf(['__proto__', 'x'])([{ polluted: true }, 1]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row, '__proto__')).toBe(true);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('keeps the last value of a repeated column name, as pg does', () => {
    expect(builderOf(['a', 'b', 'a'])([1, 2, 3])).toEqual({ a: 3, b: 2 });
  });

  it('compiles one function per column list and reuses it', () => {
    expect(builderOf(['p', 'q'])).toBe(builderOf(['p', 'q']));
    expect(builderOf(['p', 'q'])).not.toBe(builderOf(['q', 'p']));
  });

  it('turns array rows into objects, and follows a statement whose columns change', () => {
    const s = statementOf('SELECT * FROM pg_rows_unit_test', undefined);
    expect(s.config).toMatchObject({ text: 'SELECT * FROM pg_rows_unit_test', rowMode: 'array' });
    expect(withObjectRows(s, result(['a'], [[1], [2]])).rows).toEqual([{ a: 1 }, { a: 2 }]);
    // The same text after the table gained a column (a migration): the new list is used.
    expect(withObjectRows(s, result(['a', 'b'], [[1, 'x']])).rows).toEqual([{ a: 1, b: 'x' }]);
    expect(withObjectRows(s, result(['b'], [['y']])).rows).toEqual([{ b: 'y' }]);
    expect(withObjectRows(null, result(['c'], [[3]])).rows).toEqual([{ c: 3 }]);
    expect(withObjectRows(s, result(['a'], [])).rows).toEqual([]);
  });

  it('names the prepared statement in its config', () => {
    const s = statementOf('SELECT 1 AS pg_rows_named', 'wallet_test_1');
    expect(s.config).toEqual({ name: 'wallet_test_1', text: 'SELECT 1 AS pg_rows_named', rowMode: 'array' });
    expect(statementOf('SELECT 1 AS pg_rows_named', 'wallet_test_1')).toBe(s);
  });
});
