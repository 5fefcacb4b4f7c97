import { describe, expect, it } from 'vitest';
import { instantAt, localDate } from '../school-calendar/dates.ts';
import { computeMinutes, iepOnDay, minutesStatus, requiredByDay, wholeMinutes, type CountableIep, type InstructionalCalendar, type MinutesInput } from './required.ts';

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
/** Two school years without breaks, covering every weekday of July 2026 – June 2028. */
const ALL_WEEKDAYS = [
  { firstDay: '2026-07-01', lastDay: '2027-06-30', breaks: [] },
  { firstDay: '2027-07-01', lastDay: '2028-06-30', breaks: [] },
];
const calendar = (closed: string[] = [], years: InstructionalCalendar['years'] = ALL_WEEKDAYS): InstructionalCalendar => ({ years, closed: new Set(closed) });
/** A real year's shape: 8 September – 15 June, winter break 21 December – 1 January. */
const SCHOOL_YEAR = { firstDay: '2026-09-08', lastDay: '2027-06-15', breaks: [{ start: '2026-12-21', end: '2027-01-01' }] };

function minutes(over: Partial<MinutesInput> & Pick<MinutesInput, 'ieps' | 'from' | 'to'>) {
  return computeMinutes({ calendar: calendar(), today: over.to, deliveredByDay: new Map(), ...over });
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

  it('a week with one closure has 4 instructional days, each worth 60 ÷ 5 = 12: the week requires 48, Tuesday–Wednesday 24', () => {
    const closed = calendar(['2026-10-12']); // Monday
    const byDay = requiredByDay([weekly(60, YEAR.start, YEAR.end)], closed, '2026-10-12', '2026-10-18');
    expect([...byDay]).toEqual([
      ['2026-10-13', 12],
      ['2026-10-14', 12],
      ['2026-10-15', 12],
      ['2026-10-16', 12],
    ]);
    expect(minutes({ ieps: [weekly(60, YEAR.start, YEAR.end)], calendar: closed, from: '2026-10-12', to: '2026-10-18' }).required).toBe(48);
    expect(minutes({ ieps: [weekly(60, YEAR.start, YEAR.end)], calendar: closed, from: '2026-10-12', to: '2026-10-14' }).required).toBe(24);
  });

  it('a period starting mid-week counts the whole week’s school days: 60 min/week, period Thursday–Sunday requires 24 (2 of 5)', () => {
    const m = minutes({ ieps: [weekly(60, YEAR.start, YEAR.end)], from: '2026-09-17', to: '2026-09-20' });
    expect(m.required).toBe(24);
    expect(m.weeks).toEqual([{ start: '2026-09-14', required: 24, delivered: 0 }]);
  });

  it('the week of 2 November 2026, right after the clocks change on Sunday 1 November, still has 5 school days: 60 min/week → 12 a day', () => {
    const ieps = [weekly(60, YEAR.start, YEAR.end)];
    expect([...requiredByDay(ieps, calendar(), '2026-10-26', '2026-11-08').values()]).toEqual(Array(10).fill(12));
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
    const byDay = requiredByDay(ieps, calendar(), '2028-02-01', '2028-02-29');
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

describe('school years, breaks and the summer (part 4 §1.1)', () => {
  const year = calendar([], [SCHOOL_YEAR]);
  const annual = [weekly(60, YEAR.start, YEAR.end)];

  it('an annual 60 min/week IEP accrues nothing in July and August: 59 instructional days from 8 September to 27 November require 708, not 264 more', () => {
    const m = minutes({ ieps: annual, calendar: year, from: YEAR.start, to: YEAR.end, today: '2026-11-27' });
    expect(m.requiredToDate).toBe(59 * 12);
    expect(m.weeks.find((w) => w.start === '2026-07-27')).toEqual({ start: '2026-07-27', required: 0, delivered: 0 });
    // The week of 7 September: Tuesday–Friday only (the year starts on Tuesday 8 September).
    expect(m.weeks.find((w) => w.start === '2026-09-07')?.required).toBe(48);
  });

  it('the winter break requires nothing, and a week cut by it requires 12 per instructional day left', () => {
    const m = minutes({ ieps: annual, calendar: year, from: '2026-12-14', to: '2027-01-10' });
    expect(m.weeks).toEqual([
      { start: '2026-12-14', required: 60, delivered: 0 },
      { start: '2026-12-21', required: 0, delivered: 0 },
      { start: '2026-12-28', required: 0, delivered: 0 },
      { start: '2027-01-04', required: 60, delivered: 0 },
    ]);
    // The whole year: 191 instructional days × 12.
    expect(minutes({ ieps: annual, calendar: year, from: YEAR.start, to: YEAR.end, today: '2026-11-27' }).required).toBe(2292);
  });

  it('a week with two instructional days of a 60-minute weekly IEP requires 24 (a break from Wednesday)', () => {
    const shortWeek = calendar([], [{ ...SCHOOL_YEAR, breaks: [{ start: '2026-11-25', end: '2026-11-27' }] }]);
    expect(minutes({ ieps: annual, calendar: shortWeek, from: '2026-11-23', to: '2026-11-29' }).required).toBe(24);
  });

  it('a monthly IEP divides by the month’s Monday–Friday count: 120/month in September 2026 (22 weekdays) with one closure requires 21 × 120 ÷ 22 = 115', () => {
    expect(minutes({ ieps: [monthly(120, YEAR.start, YEAR.end)], calendar: calendar(['2026-09-14']), from: '2026-09-01', to: '2026-09-30' }).required).toBe(115);
  });

  it('an IEP stops after the day it was ended: ended on Wednesday, its week requires 36', () => {
    const ended = { ...weekly(60, YEAR.start, YEAR.end, 'ended'), endedOn: '2026-09-16' };
    expect(minutes({ ieps: [ended], from: '2026-09-14', to: '2026-09-20' }).required).toBe(36);
    expect(minutes({ ieps: [ended], from: '2026-09-21', to: '2026-09-27' }).status).toBe('no_iep');
    // An end date before `endedOn` still ends it first.
    expect(minutes({ ieps: [{ ...ended, endDate: '2026-09-15' }], from: '2026-09-14', to: '2026-09-20' }).required).toBe(24);
  });

  it('until a school year covers today or a later day, required minutes are unknown (null, no_school_year); a student without an IEP stays no_iep', () => {
    const none = calendar([], []);
    const m = minutes({ ieps: annual, calendar: none, from: '2026-09-14', to: '2026-09-20', deliveredByDay: new Map([['2026-09-15', 30]]) });
    expect(m).toEqual({ required: null, requiredToDate: null, delivered: 30, status: 'no_school_year', weeks: [{ start: '2026-09-14', required: null, delivered: 30 }] });
    expect(minutes({ ieps: [], calendar: none, from: '2026-09-14', to: '2026-09-20' })).toMatchObject({ required: 0, status: 'no_iep' });
    // Only last year defined: this year's requirement is still unknown, even for a past period.
    const lastYear = calendar([], [{ firstDay: '2025-09-08', lastDay: '2026-06-15', breaks: [] }]);
    expect(minutes({ ieps: annual, calendar: lastYear, from: '2026-09-14', to: '2026-09-20', today: '2026-11-27' }).status).toBe('no_school_year');
    // In the summer before a defined year, that year is "this school year": known, and the summer requires nothing.
    expect(minutes({ ieps: annual, calendar: year, from: '2026-07-06', to: '2026-07-12', today: '2026-07-08' })).toMatchObject({ required: 0, status: 'on_track' });
    // A summer period beside a defined year is known: it requires nothing.
    expect(minutes({ ieps: annual, calendar: year, from: '2026-08-03', to: '2026-09-08' })).toMatchObject({ required: 12, requiredToDate: 12, status: 'behind' });
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
