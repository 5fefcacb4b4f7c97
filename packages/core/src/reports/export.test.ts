import { describe, expect, it } from 'vitest';
import type { Report } from '@caseload/contract/notes';
import { reportFile } from './export.ts';

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
