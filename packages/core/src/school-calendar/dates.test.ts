import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, eachDate, instantAt, isoWeekday, localDate, mondayOf, schoolYearOf } from './dates.ts';

describe('school-calendar dates', () => {
  it('counts weekdays and Mondays across a month and a leap day', () => {
    expect(isoWeekday('2028-02-28')).toBe(1);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(mondayOf('2028-03-05')).toBe('2028-02-28');
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('keeps a wall-clock time across the daylight-saving changes of New York', () => {
    // 8 March 2026 is the spring change (UTC-5 → UTC-4); 1 November 2026 the autumn one.
    expect(instantAt('2026-03-06', '15:30', 'America/New_York')).toBe('2026-03-06T20:30:00.000Z');
    expect(instantAt('2026-03-09', '15:30', 'America/New_York')).toBe('2026-03-09T19:30:00.000Z');
    expect(instantAt('2026-11-02', '15:30', 'America/New_York')).toBe('2026-11-02T20:30:00.000Z');
  });

  it('finds the local date of an instant near midnight', () => {
    expect(localDate('2026-09-10T03:30:00.000Z', 'America/New_York')).toBe('2026-09-09');
    expect(localDate('2026-09-10T03:30:00.000Z', 'Europe/Berlin')).toBe('2026-09-10');
  });

  it('runs a school year from 1 July to 30 June', () => {
    expect(schoolYearOf('2026-11-24')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(schoolYearOf('2027-06-30')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(schoolYearOf('2027-07-01')).toEqual({ from: '2027-07-01', to: '2028-06-30' });
  });
});
