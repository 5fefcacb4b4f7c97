/**
 * Export Report: the spec's pretty-printed JSON file, or a CSV of the same numbers (one row per
 * client) for spreadsheets, written as every CSV file is (../csv.ts).
 */
import { goalTypeLabels } from '@caseload/contract/enums';
import type { Report } from '@caseload/contract/notes';
import type { AuthContext } from '../context.ts';
import { csvDocument, csvFile, csvRow, type ExportFile } from '../csv.ts';
import { getReport, type ReportQuery } from './report.ts';

const CSV_HEADER = ['Client', 'Goal Count', 'Sessions', 'Success Rate (%)', 'Goals'];

function reportCsv(report: Report, filename: string): ExportFile {
  const rows = report.clientProgress.map((c) =>
    csvRow([
      c.clientName,
      c.goalCount,
      c.sessionsCount,
      c.progressRate ?? 'No data',
      c.goals.map((g) => `${goalTypeLabels[g.type]}: ${g.description} (${g.status})`).join('; '),
    ]),
  );
  return csvFile(filename, csvDocument(csvRow(CSV_HEADER), rows));
}

/** The file: `progress-report-<yyyy-MM-dd>.<json|csv>`, stamped with the report's date. */
export function reportFile(report: Report, format: 'json' | 'csv'): ExportFile {
  const stamp = report.generatedAt.slice(0, 10);
  if (format === 'csv') return reportCsv(report, `progress-report-${stamp}.csv`);
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
