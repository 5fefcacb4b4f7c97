/**
 * The CSV files Caseload writes (progress report, service minutes, Medicaid service log, their
 * background and whole-account exports): one home for their cells, their start and their download.
 *
 * Every cell is quoted, and a cell that a spreadsheet would run as a formula (starting with = + - @
 * in any width, tab or a line break) is prefixed with a quote. A file starts with a byte-order mark,
 * so spreadsheet programs read it as UTF-8 (names with accents), and ends every line with CRLF.
 */

/** A file to download: the pipeline's `attachment` sends it with its name. */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** What a spreadsheet may run as a formula: = + - @ (OWASP's list), and tab, CR or LF before them. */
const FORMULA_CHARACTER = /^[=+\-@]/;
const FORMULA_CONTROL = /^[\t\r\n]/;

/**
 * Whether a cell could start a formula: its first character after any spaces (some spreadsheets trim
 * them) is one of OWASP's, in any compatibility form (full-width ＝ ＋ － ＠, small ﹦ ﹢ ﹣ ﹫: NFKC
 * folds each onto its ASCII character, as some spreadsheets and imports do), or a tab or line break.
 */
export function startsFormula(value: string): boolean {
  if (FORMULA_CONTROL.test(value)) return true;
  const first = /^[\s\u3000]*(.)/su.exec(value)?.[1];
  return first !== undefined && FORMULA_CHARACTER.test(first.normalize('NFKC'));
}

export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : startsFormula(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One row of cells, each formula-safe (no line end). */
export const csvRow = (cells: (string | number)[]) => cells.map(csvCell).join(',');

/**
 * The start of a CSV file: the byte-order mark and the header line. A streamed export writes this,
 * then `csvLine` per row.
 */
export const csvStart = (header: string) => `\uFEFF${header}\r\n`;
export const csvLine = (row: string) => `${row}\r\n`;
/** A whole CSV file: the same bytes a streamed export writes row by row. */
export const csvDocument = (header: string, rows: string[]) => csvStart(header) + rows.map(csvLine).join('');

/** A CSV file (a `csvDocument`) to download. */
export const csvFile = (filename: string, body: string): ExportFile => ({ filename, contentType: CSV_CONTENT_TYPE, body });
