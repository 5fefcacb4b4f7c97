import { describe, expect, it } from 'vitest';
import { instantAt, localDate } from '../school-calendar/dates.ts';
import { computeMinutes, iepOnDay, minutesStatus, requiredByDay, wholeMinutes, type CountableIep, type MinutesInput } from './required.ts';

const weekly = (serviceMinutes: number, startDate: string, endDate: string, status: CountableIep['status'] = 'active'): CountableIep => ({
  startDate,
  endDate,
  status,
  serviceMinutes,
  servicePer: 'week',
});
const monthly = (serviceMinutes: number, startDate: string, endDate: string, status: CountableIep['status'] = 'active'): CountableIep => ({
  ...weekly(serviceMinutes, startDate, endDate, status),
  servicePer: 'month',
});

const YEAR = { start: '2026-07-01', end: '2027-06-30' };

function minutes(over: Partial<MinutesInput> & Pick<MinutesInput, 'ieps' | 'from' | 'to'>) {
  return computeMinutes({ closed: new Set(), today: over.to, deliveredByDay: new Map(), ...over });
}

describe('required minutes per week', () => {
  it('60 min/week IEP starting Wednesday: that week requires 36 min (3 of 5 school days)', () => {
    // 16 September 2026 is a Wednesday.
    const m = minutes({ ieps: [weekly(60, '2026-09-16', YEAR.end)], from: '2026-09-14', to: '2026-09-20' });
    expect(m.required).toBe(36);
    expect(m.weeks).toEqual([{ start: '2026-09-14', required: 36, delivered: 0 }]);
  });

  it('60 min/week IEP ending Tuesday: that week requires 24 min (2 of 5), the next week 0', () => {
    const m = minutes({ ieps: [weekly(60, '2026-09-01', '2026-09-15')], from: '2026-09-14', to: '2026-09-27' });
    expect(m.weeks).toEqual([
      { start: '2026-09-14', required: 24, delivered: 0 },
      { start: '2026-09-21', required: 0, delivered: 0 },
    ]);
    expect(m.required).toBe(24);
  });

  it('a week with one closure has 4 school days, each worth 15 of 60 min: the week still requires 60, Tuesday–Wednesday 30', () => {
    const closed = new Set(['2026-10-12']); // Monday
    const byDay = requiredByDay([weekly(60, YEAR.start, YEAR.end)], closed, '2026-10-12', '2026-10-18');
    expect([...byDay]).toEqual([
      ['2026-10-13', 15],
      ['2026-10-14', 15],
      ['2026-10-15', 15],
      ['2026-10-16', 15],
    ]);
    expect(minutes({ ieps: [weekly(60, YEAR.start, YEAR.end)], closed, from: '2026-10-12', to: '2026-10-18' }).required).toBe(60);
    expect(minutes({ ieps: [weekly(60, YEAR.start, YEAR.end)], closed, from: '2026-10-12', to: '2026-10-14' }).required).toBe(30);
  });

  it('a period starting mid-week counts the whole week’s school days: 60 min/week, period Thursday–Sunday requires 24 (2 of 5)', () => {
    const m = minutes({ ieps: [weekly(60, YEAR.start, YEAR.end)], from: '2026-09-17', to: '2026-09-20' });
    expect(m.required).toBe(24);
    expect(m.weeks).toEqual([{ start: '2026-09-14', required: 24, delivered: 0 }]);
  });

  it('the week of 2 November 2026, right after the clocks change on Sunday 1 November, still has 5 school days: 60 min/week → 12 a day', () => {
    const ieps = [weekly(60, YEAR.start, YEAR.end)];
    expect([...requiredByDay(ieps, new Set(), '2026-10-26', '2026-11-08').values()]).toEqual(Array(10).fill(12));
    expect(minutes({ ieps, from: '2026-10-26', to: '2026-11-08' }).weeks).toEqual([
      { start: '2026-10-26', required: 60, delivered: 0 },
      { start: '2026-11-02', required: 60, delivered: 0 },
    ]);
    // A 15:30 session on either side of the change falls on its own school day in New York.
    expect(localDate(instantAt('2026-10-30', '15:30', 'America/New_York'), 'America/New_York')).toBe('2026-10-30');
    expect(localDate(instantAt('2026-11-02', '15:30', 'America/New_York'), 'America/New_York')).toBe('2026-11-02');
  });
});

describe('required minutes per month', () => {
  it('120 min/month in September 2026 (22 school days): the week of 7–13 September requires 27 min (5 × 120/22 = 27.3)', () => {
    const m = minutes({ ieps: [monthly(120, YEAR.start, YEAR.end)], from: '2026-09-07', to: '2026-09-13' });
    expect(m.required).toBe(27);
    expect(minutes({ ieps: [monthly(120, YEAR.start, YEAR.end)], from: '2026-09-01', to: '2026-09-30' }).required).toBe(120);
  });

  it('120 min/month IEP starting Wednesday 16 September 2026: 11 of the month’s 22 school days → 60 min', () => {
    const m = minutes({ ieps: [monthly(120, '2026-09-16', YEAR.end)], from: '2026-09-01', to: '2026-09-30' });
    expect(m.required).toBe(60);
  });

  it('210 min/month in February 2028 (29 days, 21 school days, 29 February a Tuesday): 10 a day, 29 February alone 10, the month 210', () => {
    const ieps = [monthly(210, '2027-07-01', '2028-06-30')];
    const byDay = requiredByDay(ieps, new Set(), '2028-02-01', '2028-02-29');
    expect(byDay.size).toBe(21);
    expect(byDay.get('2028-02-29')).toBe(10);
    expect(minutes({ ieps, from: '2028-02-29', to: '2028-02-29' }).required).toBe(10);
    expect(minutes({ ieps, from: '2028-02-01', to: '2028-02-29' }).required).toBe(210);
  });

  it('100 min/month over September 2026: each week rounds on its own (18 + 23 + 23 + 23 + 14 = 101) while the month totals the rounded exact sum, 100', () => {
    const m = minutes({ ieps: [monthly(100, YEAR.start, YEAR.end)], from: '2026-09-01', to: '2026-09-30' });
    expect(m.weeks.map((w) => [w.start, w.required])).toEqual([
      ['2026-08-31', 18],
      ['2026-09-07', 23],
      ['2026-09-14', 23],
      ['2026-09-21', 23],
      ['2026-09-28', 14],
    ]);
    expect(m.required).toBe(100);
  });
});

describe('which IEP counts', () => {
  it('ended 60/week Monday–Friday and active 90/week from Wednesday: the active one wins where both cover, the week requires 24 + 54 = 78 min', () => {
    const ieps = [weekly(60, '2026-09-01', '2026-09-18', 'ended'), weekly(90, '2026-09-16', YEAR.end)];
    expect(iepOnDay(ieps, '2026-09-15')?.serviceMinutes).toBe(60);
    expect(iepOnDay(ieps, '2026-09-17')?.serviceMinutes).toBe(90);
    expect(minutes({ ieps, from: '2026-09-14', to: '2026-09-20' }).required).toBe(78);
  });

  it('a draft IEP never counts: 60/week draft over the period → required 0, status no_iep', () => {
    const m = minutes({ ieps: [weekly(60, YEAR.start, YEAR.end, 'draft')], from: '2026-09-14', to: '2026-09-20' });
    expect(m).toMatchObject({ required: 0, requiredToDate: 0, status: 'no_iep' });
  });

  it('an IEP outside the period → no_iep; one covering only the period’s weekend → on_track with 0 required', () => {
    expect(minutes({ ieps: [weekly(60, '2026-10-01', YEAR.end)], from: '2026-09-14', to: '2026-09-20' }).status).toBe('no_iep');
    expect(minutes({ ieps: [weekly(60, '2026-09-19', YEAR.end)], from: '2026-09-14', to: '2026-09-20' })).toMatchObject({ required: 0, status: 'on_track' });
  });
});

describe('to date, delivered and status', () => {
  it('100 min/week, today Wednesday: required 100, required to date 60; delivered counts only the period’s days', () => {
    const deliveredByDay = new Map([
      ['2026-09-11', 30], // the Friday before the period
      ['2026-09-14', 30],
      ['2026-09-16', 25],
    ]);
    const m = minutes({ ieps: [weekly(100, YEAR.start, YEAR.end)], from: '2026-09-14', to: '2026-09-20', today: '2026-09-16', deliveredByDay });
    expect(m).toMatchObject({ required: 100, requiredToDate: 60, delivered: 55, status: 'on_track' });
    expect(m.weeks).toEqual([{ start: '2026-09-14', required: 100, delivered: 55 }]);
  });

  it('today before the period: required to date 0; after it: all of it', () => {
    const ieps = [weekly(100, YEAR.start, YEAR.end)];
    expect(minutes({ ieps, from: '2026-09-14', to: '2026-09-20', today: '2026-09-13' }).requiredToDate).toBe(0);
    expect(minutes({ ieps, from: '2026-09-14', to: '2026-09-20', today: '2026-12-01' }).requiredToDate).toBe(100);
  });

  it('status boundaries: 100 required to date, 90 delivered (exactly 90%) → on_track, 89 → behind; 70 and 63 → on_track despite 0.9 × 70 = 63.000…01', () => {
    expect(minutesStatus(true, 90, 100)).toBe('on_track');
    expect(minutesStatus(true, 89, 100)).toBe('behind');
    expect(minutesStatus(true, 63, 70)).toBe('on_track');
    expect(minutesStatus(true, 62, 70)).toBe('behind');
    expect(minutesStatus(true, 0, 0)).toBe('on_track');
    expect(minutesStatus(false, 0, 100)).toBe('no_iep');
    const ieps = [weekly(100, YEAR.start, YEAR.end)];
    const week = { ieps, from: '2026-09-14', to: '2026-09-20', today: '2026-09-18' };
    expect(minutes({ ...week, deliveredByDay: new Map([['2026-09-15', 90]]) }).status).toBe('on_track');
    expect(minutes({ ...week, deliveredByDay: new Map([['2026-09-15', 89]]) }).status).toBe('behind');
  });

  it('rounds half up after settling binary noise: 2.4999999999 → 3, 2.49 → 2', () => {
    expect(wholeMinutes(2.4999999999)).toBe(3);
    expect(wholeMinutes(2.49)).toBe(2);
    expect(wholeMinutes((120 / 22) * 11)).toBe(60);
  });
});
