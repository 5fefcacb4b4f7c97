import { describe, expect, it } from 'vitest';
import type { MinutesRow } from '@caseload/contract/school-year';
import { deliveredPercent, mondayOf, periodRange, sortRows, viewFromParams, withView } from './minutes.ts';

const row = (firstName: string, over: Partial<MinutesRow> = {}): MinutesRow => ({
  clientId: `00000000-0000-4000-8000-00000000000${firstName.length}`,
  firstName,
  lastInitial: 'A',
  required: 600,
  requiredToDate: 100,
  delivered: 100,
  makeupsOwed: 0,
  notCounted: [],
  status: 'on_track',
  ...over,
});

describe('minutes page logic', () => {
  it('delivered percent of required to date, none when nothing is required yet', () => {
    expect(deliveredPercent({ delivered: 45, requiredToDate: 60 })).toBe(75);
    expect(deliveredPercent({ delivered: 30, requiredToDate: 0 })).toBeUndefined();
  });

  it('sorts by next review soonest first, students without a date last either way', () => {
    const rows = [row('Cy', { nextReviewDate: '2026-05-01' }), row('Bo'), row('Al', { nextReviewDate: '2026-03-01' })];
    expect(sortRows(rows, 'review', 'asc').map((r) => r.firstName)).toEqual(['Al', 'Cy', 'Bo']);
    expect(sortRows(rows, 'review', 'desc').map((r) => r.firstName)).toEqual(['Cy', 'Al', 'Bo']);
  });

  it('sorts by status with Behind first, ties by name', () => {
    const rows = [row('Cy', { status: 'no_iep' }), row('Bo', { status: 'behind' }), row('Al'), row('Ann', { status: 'behind' })];
    expect(sortRows(rows, 'status', 'asc').map((r) => r.firstName)).toEqual(['Ann', 'Bo', 'Al', 'Cy']);
  });

  it('this week runs Monday to Sunday and this month from the 1st to its last day (leap February)', () => {
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // a Sunday belongs to the week before
    expect(periodRange('week', '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(periodRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('year', '2026-03-04')).toEqual({});
    expect(periodRange('custom', '2026-03-04', { from: '2026-01-01' })).toBeUndefined();
  });

  it('keeps its view in the URL and leaves other parameters alone', () => {
    const params = withView(new URLSearchParams('assignedTo=me'), { sort: 'review', direction: 'asc', behindOnly: true, period: 'year', custom: {} });
    expect(params.toString()).toBe('assignedTo=me&sort=review&behind=1');
    expect(viewFromParams(new URLSearchParams('sort=bogus&behind=1&period=custom&from=2026-01-05&to=x'))).toEqual({
      sort: 'name',
      direction: 'asc',
      behindOnly: true,
      period: 'custom',
      custom: { from: '2026-01-05', to: undefined },
    });
  });
});
