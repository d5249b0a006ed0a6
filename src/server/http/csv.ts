/**
 * CSV as Excel reads it in Korea: UTF-8 with a byte-order mark (without it Excel guesses the legacy
 * code page and the Korean turns to noise), CRLF line ends, every cell quoted when it holds a comma,
 * quote or line break (RFC 4180), and a cell that starts like a formula (= + - @, tab, CR) prefixed with
 * an apostrophe so a spreadsheet shows it as text instead of running it (OWASP's CSV injection advice).
 */
export const BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** One cell; `numeric` for an amount the database wrote, which keeps its sign as a number. */
export function csvCell(
  value: string | number | boolean | null | undefined,
  opts: { numeric?: boolean } = {},
) {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A signed amount is a number, not a formula (and stays one for the spreadsheet); any other text that
  // starts like a formula is guarded.
  const number = opts.numeric === true && DECIMAL.test(text);
  if (!number && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line: cells joined by commas, ended by CRLF. */
export const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;

type CsvValue = string | number | boolean | null | undefined;

/**
 * A whole CSV file: the BOM, a header line, then one line per row. `numeric` names the columns that hold
 * amounts (a negative amount stays a number). Every CSV the server answers is written by this or, for the
 * streamed exports, by `csvLine` after the BOM.
 */
export function csvDocument<C extends string>(
  columns: readonly C[],
  rows: readonly Record<C, CsvValue>[],
  numeric: readonly C[] = [],
): string {
  const lines = rows.map((r) => csvLine(columns.map((c) => csvCell(r[c], { numeric: numeric.includes(c) }))));
  return BOM + csvLine([...columns]) + lines.join('');
}
