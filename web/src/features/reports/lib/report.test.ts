import { describe, expect, it } from 'vitest';
import { exportFileName, percent, sortBySuccess, successVariant, type ClientProgress } from './report.ts';

describe('success-rate badge', () => {
  it('is default at 80 and above, secondary at 60 and above, destructive below', () => {
    expect(successVariant(100)).toBe('default');
    expect(successVariant(80)).toBe('default');
    expect(successVariant(79.9)).toBe('secondary');
    expect(successVariant(60)).toBe('secondary');
    expect(successVariant(59)).toBe('destructive');
    expect(successVariant(0)).toBe('destructive');
  });
});

describe('client progress', () => {
  const row = (clientName: string, progressRate: number): ClientProgress => ({
    clientId: clientName,
    clientName,
    progressRate,
    goalCount: 0,
    sessionsCount: 0,
    goals: [],
    recentDataPoints: [],
  });

  it('sorts by success rate, highest first, then by name', () => {
    expect(sortBySuccess([row('Ben', 50), row('Zoe', 90), row('Amy', 50)]).map((r) => r.clientName)).toEqual(['Zoe', 'Amy', 'Ben']);
  });

  it('clamps the bar to a whole percent', () => {
    expect(percent(84.6)).toBe(85);
    expect(percent(-3)).toBe(0);
    expect(percent(130)).toBe(100);
  });
});

describe('export file', () => {
  it('is named by a date stamp', () => {
    expect(exportFileName('json', undefined, new Date(2026, 2, 5))).toBe('progress-report-2026-03-05.json');
    expect(exportFileName('csv', undefined, new Date(2026, 2, 5))).toBe('progress-report-2026-03-05.csv');
    // The account's day: 03:00 UTC on 6 March is still 5 March in Los Angeles.
    expect(exportFileName('csv', 'America/Los_Angeles', new Date('2026-03-06T03:00:00Z'))).toBe('progress-report-2026-03-05.csv');
  });
});
