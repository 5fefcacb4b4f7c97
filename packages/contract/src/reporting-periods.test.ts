import { describe, expect, it } from 'vitest';
import { updateNoteBody } from './notes.ts';
import { periodsOverlap, REPORTING_PERIODS_OVERLAP, reportingPeriodsBody } from './reporting-periods.ts';

const messages = (input: unknown) => {
  const r = reportingPeriodsBody.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('reporting periods', () => {
  it('counts one shared day as an overlap, and back-to-back periods as none', () => {
    expect(periodsOverlap({ start: '2025-09-01', end: '2025-11-30' }, { start: '2025-11-30', end: '2026-02-28' })).toBe(true);
    expect(periodsOverlap({ start: '2025-09-01', end: '2025-11-29' }, { start: '2025-11-30', end: '2026-02-28' })).toBe(false);
    expect(periodsOverlap({ start: '2025-12-01', end: '2025-12-05' }, { start: '2025-09-01', end: '2026-02-28' })).toBe(true);
  });

  it('refuses overlaps in any order, ends before starts and blank names, with the form\'s messages', () => {
    expect(messages([{ name: 'Winter', start: '2025-12-01', end: '2026-02-28' }, { name: 'Fall', start: '2025-09-01', end: '2025-12-01' }])).toEqual([REPORTING_PERIODS_OVERLAP]);
    expect(messages([{ name: 'Fall', start: '2025-11-30', end: '2025-09-01' }])).toEqual(['End date must be on or after the start date']);
    expect(messages([{ name: '  ', start: '2025-09-01', end: '2025-09-01' }])).toEqual(['Name is required']);
    expect(messages([{ name: 'Fall', start: '', end: '2025-09-01' }])).toContain('Start date is required');
    expect(messages([{ name: 'Fall', start: '2025-09-01', end: '2025-11-30' }])).toEqual([]);
  });
});

describe('the note PATCH body', () => {
  it('takes content, delivery or both, and nothing else', () => {
    expect(updateNoteBody.safeParse({ status: 'delivered' }).success).toBe(true);
    expect(updateNoteBody.safeParse({ content: '<p>x</p>', status: 'delivered' }).success).toBe(true);
    expect(updateNoteBody.safeParse({ status: 'generated' }).success).toBe(false);
    expect(updateNoteBody.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['Content is required']);
  });
});
