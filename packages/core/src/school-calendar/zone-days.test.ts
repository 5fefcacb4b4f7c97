import { describe, expect, it } from 'vitest';
import { instantAt } from './dates.ts';
import { zoneDays, zoneMidnight } from './zone-days.ts';

describe('zone midnights', () => {
  it('begins the days around New York’s clock changes at local midnight', () => {
    // 8 March 2026 02:00 the clocks go forward (UTC−5 → UTC−4); 1 November 02:00 back.
    expect(zoneMidnight('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(zoneMidnight('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(zoneMidnight('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(zoneMidnight('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('gives Los Angeles’ days of 23 and 25 hours', () => {
    expect(zoneDays({ start: '2026-03-08', end: '2026-03-08' }, 'America/Los_Angeles')).toEqual({ from: '2026-03-08T08:00:00.000Z', toExclusive: '2026-03-09T07:00:00.000Z' });
    expect(zoneDays({ start: '2026-11-01', end: '2026-11-01' }, 'America/Los_Angeles')).toEqual({ from: '2026-11-01T07:00:00.000Z', toExclusive: '2026-11-02T08:00:00.000Z' });
  });

  it('runs a period from its first local midnight to the one after its last day', () => {
    // A reporting period across both changes: PST at either end.
    expect(zoneDays({ start: '2026-01-05', end: '2026-12-18' }, 'America/Los_Angeles')).toEqual({ from: '2026-01-05T08:00:00.000Z', toExclusive: '2026-12-19T08:00:00.000Z' });
    // Across a month's and a year's end.
    expect(zoneDays({ start: '2026-12-01', end: '2026-12-31' }, 'America/New_York')).toEqual({ from: '2026-12-01T05:00:00.000Z', toExclusive: '2027-01-01T05:00:00.000Z' });
  });

  it('handles a half-hour zone and zones east of UTC', () => {
    expect(zoneDays({ start: '2026-06-01', end: '2026-06-30' }, 'Asia/Kolkata')).toEqual({ from: '2026-05-31T18:30:00.000Z', toExclusive: '2026-06-30T18:30:00.000Z' });
    expect(zoneMidnight('2026-03-29', 'Europe/London')).toBe('2026-03-29T00:00:00.000Z');
    expect(zoneMidnight('2026-03-30', 'Europe/London')).toBe('2026-03-29T23:00:00.000Z');
    expect(zoneMidnight('2026-01-01', 'Pacific/Kiritimati')).toBe('2025-12-31T10:00:00.000Z');
    expect(zoneMidnight('2026-07-01', 'UTC')).toBe('2026-07-01T00:00:00.000Z');
  });

  it('begins a day without a midnight at the change, and a day with two at the first', () => {
    // Havana moves its clocks at midnight: 00:00 → 01:00 on 8 March 2026, 01:00 → 00:00 on 1 November.
    expect(zoneMidnight('2026-03-08', 'America/Havana')).toBe('2026-03-08T05:00:00.000Z');
    expect(zoneMidnight('2026-11-01', 'America/Havana')).toBe('2026-11-01T04:00:00.000Z');
  });

  it('agrees with the calendar’s instantAt on every day of a year', () => {
    for (const zone of ['America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        expect(zoneMidnight(date, zone), `${zone} ${date}`).toBe(instantAt(date, '00:00', zone));
      }
    }
  });
});
