/**
 * Export Report: the spec's pretty-printed JSON file, or a CSV of the same numbers (one row per
 * client) for spreadsheets. CSV cells are quoted, and a cell that a spreadsheet would run as a
 * formula (starting with = + - @ in any width, tab or a line break) is prefixed with a quote.
 */
import { goalTypeLabels } from '@caseload/contract/enums';
import type { Report } from '@caseload/contract/notes';
import type { AuthContext } from '../context.ts';
import { getReport, type ReportQuery } from './report.ts';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

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

/**
 * The start of a CSV file: a byte-order mark (spreadsheet programs then read the file as UTF-8,
 * names with accents) and the header line. A streamed export writes this, then `csvLine` per row.
 */
export const csvStart = (header: string) => `\uFEFF${header}\r\n`;
export const csvLine = (row: string) => `${row}\r\n`;
/** A whole CSV file: the same bytes a streamed export writes row by row. */
export const csvDocument = (header: string, rows: string[]) => csvStart(header) + rows.map(csvLine).join('');

const CSV_HEADER = ['Client', 'Goal Count', 'Sessions', 'Success Rate (%)', 'Goals'];

export function reportCsv(report: Report): string {
  const rows = report.clientProgress.map((c) => [
    c.clientName,
    c.goalCount,
    c.sessionsCount,
    c.progressRate ?? 'No data',
    c.goals.map((g) => `${goalTypeLabels[g.type]}: ${g.description} (${g.status})`).join('; '),
  ]);
  // A byte-order mark makes spreadsheet programs read the file as UTF-8 (names with accents).
  return `\uFEFF${[CSV_HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The file: `progress-report-<yyyy-MM-dd>.<json|csv>`, stamped with the report's date. */
export function reportFile(report: Report, format: 'json' | 'csv'): ExportFile {
  const stamp = report.generatedAt.slice(0, 10);
  if (format === 'csv') return { filename: `progress-report-${stamp}.csv`, contentType: 'text/csv; charset=utf-8', body: reportCsv(report) };
  const { generatedAt, period, filters, overallStats, clientProgress } = report;
  return {
    filename: `progress-report-${stamp}.json`,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ generatedAt, period, filters, overallStats, clientProgress }, null, 2),
  };
}

export async function exportReport(auth: AuthContext, query: ReportQuery & { format: 'json' | 'csv' }): Promise<ExportFile> {
  return reportFile(await getReport(auth, query), query.format);
}
