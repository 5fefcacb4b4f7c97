import { describe, expect, it } from 'vitest';
import type { Report } from '@caseload/contract/notes';
import { csvCell, reportFile } from './export.ts';

describe('csvCell', () => {
  it('quotes every cell, doubles quotes, and defuses formulas', () => {
    expect(csvCell('Ava M.')).toBe('"Ava M."');
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell(-5)).toBe('"-5"');
  });

  it('defuses the full-width and small forms of every formula character, and formulas behind spaces', () => {
    for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B', '\n']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    for (const spaced of [' =1+1', '\u3000\uFF1D1+1', '  @SUM(A1)']) expect(csvCell(spaced)).toBe(`"'${spaced}"`);
  });

  it('leaves ordinary text alone, whatever its script', () => {
    for (const plain of ['Zoë', 'مريم', '김민준', 'a=b', '1-2', 'Ava (Gr. 3)']) expect(csvCell(plain)).toBe(`"${plain}"`);
  });
});

describe('reportFile', () => {
  const report: Report = {
    generatedAt: '2024-03-31T12:00:00.000Z',
    period: { days: 30, from: '2024-03-01T12:00:00.000Z', to: '2024-03-31T12:00:00.000Z' },
    filters: { client: 'all', goalType: 'all' },
    overallStats: { totalSessions: 1, completedSessions: 1, activeGoals: 1, masteredGoals: 0, successRate: 80, totalClients: 1, clientsWithData: 1 },
    clientProgress: [],
  };
  it('names the files by the report date', () => {
    expect(reportFile(report, 'json')).toMatchObject({ filename: 'progress-report-2024-03-31.json', contentType: 'application/json; charset=utf-8' });
    expect(reportFile(report, 'csv')).toMatchObject({ filename: 'progress-report-2024-03-31.csv', body: '\uFEFF"Client","Goal Count","Sessions","Success Rate (%)","Goals"\r\n' });
    expect(reportFile(report, 'json').body).toBe(JSON.stringify(report, null, 2));
  });
});
