import { describe, expect, it } from 'vitest';
import { completionRate, mondayUtc } from './dashboard.ts';

describe('mondayUtc', () => {
  it.each([
    ['2026-11-16T00:00:00.000Z', '2026-11-16T00:00:00.000Z'], // Monday midnight is its own week start
    ['2026-11-18T13:45:00.000Z', '2026-11-16T00:00:00.000Z'],
    ['2026-11-22T23:59:59.999Z', '2026-11-16T00:00:00.000Z'], // Sunday belongs to the week before
    ['2027-01-01T08:00:00.000Z', '2026-12-28T00:00:00.000Z'], // across a year
  ])('%s → %s', (at, monday) => {
    expect(mondayUtc(new Date(at)).toISOString()).toBe(monday);
  });
});

describe('completionRate', () => {
  it('is a whole percent of completed over due, null when nothing is due, never above 100', () => {
    expect(completionRate(0, 0)).toBeNull();
    expect(completionRate(0, 1)).toBe(0);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(1, 8)).toBe(13);
    expect(completionRate(3, 3)).toBe(100);
    expect(completionRate(4, 3)).toBe(100);
  });
});
