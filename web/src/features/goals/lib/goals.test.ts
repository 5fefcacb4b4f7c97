import { describe, expect, it } from 'vitest';
import type { ProgressPoint } from '@caseload/contract/sessions';
import { accuracySeries, dateInputToIso, isoToDateInput, shortDate } from './goals.ts';

const point = (recordedAt: string, fields: Partial<ProgressPoint>): ProgressPoint => ({
  id: recordedAt,
  goalId: 'g',
  clientId: 'c',
  sessionId: 's',
  successfulAttempts: 0,
  totalAttempts: 0,
  recordedAt,
  ...fields,
});

describe('accuracySeries', () => {
  it("draws the criterion's accuracy: correct trials above the goal's highest cue level do not count, as on the server", () => {
    const points = [
      point('2026-03-09T14:00:00.000Z', { successfulAttempts: 8, totalAttempts: 10, correctByCue: { independent: 5, verbal: 1, model: 2 } }),
      point('2026-03-02T14:00:00.000Z', { successfulAttempts: 5, totalAttempts: 10, correctByCue: { independent: 5 } }),
      point('2026-03-10T14:00:00.000Z', { successfulAttempts: 0, totalAttempts: 0 }),
    ];
    expect(accuracySeries(points, { id: 'g', criterionMaxCue: 'verbal' }).map((p) => p.accuracy)).toEqual([50, 60]);
    expect(accuracySeries(points, { id: 'g' }).map((p) => p.accuracy)).toEqual([50, 80]);
  });
});

describe("a goal's dates", () => {
  it("are days in the account's zone: entered as its noon, shown as its day, whatever the browser's zone", () => {
    expect(dateInputToIso('2026-06-12', 'America/Los_Angeles')).toBe('2026-06-12T19:00:00.000Z');
    expect(dateInputToIso('2026-06-12', 'Pacific/Auckland')).toBe('2026-06-12T00:00:00.000Z');
    expect(dateInputToIso('', 'America/Los_Angeles')).toBeUndefined();
    expect(dateInputToIso('2026-13-40x', 'America/Los_Angeles')).toBeUndefined();
    // Mastered at 9 pm in Los Angeles: the next day in UTC, the same day for the school.
    expect(shortDate('2026-05-15T04:00:00.000Z', 'America/Los_Angeles')).toBe('May 14, 2026');
    expect(isoToDateInput('2026-06-12T00:00:00.000Z', 'Pacific/Auckland')).toBe('2026-06-12');
  });
});
