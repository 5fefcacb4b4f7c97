import { describe, expect, it } from 'vitest';
import type { ParticipantEntry } from '../items.ts';
import { dayRange, isDocumented, occurrenceDates } from './calendar.ts';

const entry = (status: ParticipantEntry['status']): ParticipantEntry => ({ status, firstName: 'Ava', lastInitial: 'M', addedAt: '2026-08-01T00:00:00.000Z' });

describe('timetable calendar', () => {
  it('Mon/Wed/Fri 2026-09-01..2026-12-18 with closures Wed 11 Nov and Thu 26 Nov: 47 weekdays − 1 closed = 46 dates', () => {
    const dates = occurrenceDates({ weekdays: [1, 3, 5], startsOn: '2026-09-01', until: '2026-12-18' }, new Set(['2026-11-11', '2026-11-26']));
    expect(dates).toHaveLength(46);
    expect(dates[0]).toBe('2026-09-02');
    expect(dates.at(-1)).toBe('2026-12-18');
    expect(dates).not.toContain('2026-11-11');
  });

  it('starts from a later date when asked (this and following) and is empty past the end', () => {
    const rule = { weekdays: [2, 4], startsOn: '2026-09-01', until: '2026-09-30' };
    expect(occurrenceDates(rule, new Set(), '2026-09-20')).toEqual(['2026-09-22', '2026-09-24', '2026-09-29']);
    expect(occurrenceDates(rule, new Set(), '2026-08-01')).toHaveLength(9);
    expect(occurrenceDates(rule, new Set(), '2026-10-01')).toEqual([]);
  });

  it('bounds a local day by UTC instants: 25 hours on 1 Nov 2026 in New York', () => {
    expect(dayRange('2026-10-31', 'America/New_York')).toEqual({ start: '2026-10-31T04:00:00.000Z', end: '2026-11-01T04:00:00.000Z' });
    expect(dayRange('2026-11-01', 'America/New_York')).toEqual({ start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z' });
  });

  it('counts a session documented by its flag, its status or any participant status', () => {
    const base = { status: 'scheduled' as const, participants: { a: entry('scheduled'), b: entry('scheduled') } };
    expect(isDocumented(base)).toBe(false);
    expect(isDocumented({ ...base, documented: true })).toBe(true);
    expect(isDocumented({ ...base, status: 'canceled' })).toBe(true);
    expect(isDocumented({ ...base, participants: { a: entry('scheduled'), b: entry('absent') } })).toBe(true);
  });
});
