import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { latestUntil } from '@caseload/contract/school-year';
import { followingSeriesBody, newSeriesBody, untilOf } from './series-form.ts';
import { defaultUntil, isoWeekdayOf, localDateIn, makeupLabel, seriesChangeMessage, weekdayNames } from './series.ts';

describe('dates in the account’s zone', () => {
  it('gives the local date of a session late in the evening: 03:30 UTC on 10 March is 9 March in Los Angeles', () => {
    expect(localDateIn('2026-03-10T03:30:00.000Z', 'America/Los_Angeles')).toBe('2026-03-09');
  });
});

describe('the series’ default end', () => {
  it('is the 30 June that ends the school year of the start', () => {
    expect(defaultUntil('2026-03-12')).toBe('2026-06-30');
    expect(defaultUntil('2026-06-30')).toBe('2026-06-30');
    expect(defaultUntil('2026-07-01')).toBe('2027-06-30');
    expect(defaultUntil('2026-09-01')).toBe('2027-06-30');
  });

  it('never runs past the twelve months a series may last, for every start date of a leap-year school year', () => {
    for (let day = new Date(2027, 6, 1); day <= new Date(2028, 5, 30); day = addDays(day, 1)) {
      const startsOn = format(day, 'yyyy-MM-dd');
      expect(defaultUntil(startsOn) <= latestUntil(startsOn), startsOn).toBe(true);
      expect(defaultUntil(startsOn) >= startsOn, startsOn).toBe(true);
    }
  });

  it('keeps a typed end and falls back to the default for a blank one', () => {
    expect(untilOf('2026-05-01', '2026-03-12')).toBe('2026-05-01');
    expect(untilOf('', '2026-03-12')).toBe('2026-06-30');
    expect(untilOf('', '')).toBe('');
  });
});

describe('series bodies', () => {
  const form = { type: 'therapy' as const, clientIds: ['c1'], providerId: 'p1', date: '2026-03-12', time: '10:00', duration: '45' };

  it('sends the weekdays, the picked time and start (the account’s wall clock) and the default end', () => {
    expect(newSeriesBody({ ...form, weekdays: [2, 4], until: '' })).toEqual({
      clientIds: ['c1'],
      providerId: 'p1',
      type: 'therapy',
      weekdays: [2, 4],
      time: '10:00',
      duration: 45,
      startsOn: '2026-03-12',
      until: '2026-06-30',
    });
  });

  it('"This and following sessions" keeps the series’ weekdays, start and end, and starts from the occurrence’s local date', () => {
    const occurrenceAt = '2026-03-10T03:30:00.000Z';
    // The form shows the occurrence in the account's zone: 20:30 on 9 March in Los Angeles.
    const values = { ...form, date: '2026-03-09', time: '20:30' };
    expect(followingSeriesBody(values, { weekdays: [1, 3], startsOn: '2026-01-05', until: '2026-06-19' }, occurrenceAt, 'America/Los_Angeles')).toEqual({
      clientIds: ['c1'],
      providerId: 'p1',
      type: 'therapy',
      weekdays: [1, 3],
      time: '20:30',
      duration: 45,
      startsOn: '2026-01-05',
      until: '2026-06-19',
      from: '2026-03-09',
    });
  });
});

describe('labels', () => {
  it('names a make-up choice by the canceled session’s date and length', () => {
    expect(makeupLabel({ date: '2026-10-06', duration: 30 })).toBe('Canceled session on Tue, Oct 6 · 30 min');
  });

  it('names weekdays in order and knows a date’s weekday', () => {
    expect(weekdayNames([4, 2])).toBe('Tue, Thu');
    expect(isoWeekdayOf('2026-03-15')).toBe(7);
    expect(isoWeekdayOf('2026-03-16')).toBe(1);
  });

  it('reports a series change from the server’s counts', () => {
    expect(seriesChangeMessage('created', { created: 46, kept: 0, deleted: 0 })).toBe('Scheduled 46 sessions');
    expect(seriesChangeMessage('deleted', { created: 0, kept: 3, deleted: 12 })).toBe('Deleted 12 sessions; 3 documented sessions kept');
    expect(seriesChangeMessage('deleted', { created: 0, kept: 1, deleted: 1 })).toBe('Deleted 1 session; 1 documented session kept');
    expect(seriesChangeMessage('updated', { created: 20, kept: 0, deleted: 20 })).toBe('Updated 20 sessions');
  });
});
