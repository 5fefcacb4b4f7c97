import { describe, expect, it } from 'vitest';
import type { ProgressPoint } from '@caseload/contract/sessions';
import { accuracySeries } from './goals.ts';

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
