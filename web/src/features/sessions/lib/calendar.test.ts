import { describe, expect, it } from 'vitest';
import {
  blockHeight,
  blockTop,
  calendarSlots,
  dialogTimeSlots,
  layoutDay,
  monthCell,
  monthWeeks,
  periodTitle,
  shiftDate,
  visibleRange,
  weekDays,
} from './calendar.ts';

// Local times (the calendar shows the clinician's own clock).
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('time rows', () => {
  it('has 30-minute rows from 8:00 AM to 5:00 PM on the calendar, to 4:30 PM in the dialogs', () => {
    expect(calendarSlots).toHaveLength(19);
    expect(calendarSlots[0]).toEqual({ minutes: 480, value: '08:00', label: '8:00 AM' });
    expect(calendarSlots[9]!.label).toBe('12:30 PM');
    expect(calendarSlots.at(-1)!.label).toBe('5:00 PM');
    expect(dialogTimeSlots).toHaveLength(18);
    expect(dialogTimeSlots.at(-1)).toEqual({ minutes: 990, value: '16:30', label: '4:30 PM' });
  });
});

describe('block size and position', () => {
  it('places a block 64 px per 30 minutes after 8:00 AM', () => {
    expect(blockTop(at(2026, 3, 10, 8, 0))).toBe(0);
    expect(blockTop(at(2026, 3, 10, 8, 30))).toBe(64);
    expect(blockTop(at(2026, 3, 10, 9, 0))).toBe(128);
    expect(blockTop(at(2026, 3, 10, 10, 15))).toBe(288);
    expect(blockTop(at(2026, 3, 10, 17, 0))).toBe(1152);
  });

  it('sizes a block by duration / 30 rows', () => {
    expect(blockHeight(30)).toBe(64);
    expect(blockHeight(60)).toBe(128);
    expect(blockHeight(45)).toBe(96);
    expect(blockHeight(240)).toBe(512);
    expect(blockHeight(15)).toBe(32);
    // Very short sessions keep a readable minimum.
    expect(blockHeight(5)).toBe(24);
  });

  it('clips blocks to the grid, drops those outside it and puts overlapping sessions side by side', () => {
    const sessions = [
      { id: 'early', start: at(2026, 3, 10, 7, 30), duration: 60 },
      { id: 'a', start: at(2026, 3, 10, 9, 0), duration: 60 },
      { id: 'b', start: at(2026, 3, 10, 9, 30), duration: 30 },
      { id: 'c', start: at(2026, 3, 10, 11, 0), duration: 30 },
      { id: 'night', start: at(2026, 3, 10, 19, 0), duration: 30 },
    ];
    const placed = layoutDay(sessions, (s) => s.start, (s) => s.duration);
    const byId = Object.fromEntries(placed.map((p) => [p.item.id, p]));
    expect(Object.keys(byId)).toEqual(['early', 'a', 'b', 'c']);
    expect(byId.early).toMatchObject({ top: 0, height: 64, lane: 0, lanes: 1 });
    expect(byId.a).toMatchObject({ top: 128, height: 128, lane: 0, lanes: 2 });
    expect(byId.b).toMatchObject({ top: 192, height: 64, lane: 1, lanes: 2 });
    expect(byId.c).toMatchObject({ top: 384, height: 64, lane: 0, lanes: 1 });
  });
});

describe('weeks start on Monday', () => {
  it('gives Monday to Sunday for any day of the week', () => {
    for (const day of [9, 12, 15]) {
      const days = weekDays(at(2026, 3, day, 14));
      expect(days).toHaveLength(7);
      expect(days[0]).toEqual(at(2026, 3, 9));
      expect(days[0]!.getDay()).toBe(1);
      expect(days[6]).toEqual(at(2026, 3, 15));
    }
  });

  it('reads only the visible range', () => {
    expect(visibleRange('week', at(2026, 3, 15, 10))).toEqual({ from: at(2026, 3, 9), to: at(2026, 3, 16) });
    expect(visibleRange('day', at(2026, 3, 15, 10))).toEqual({ from: at(2026, 3, 15), to: at(2026, 3, 16) });
    // March 2026 starts on a Sunday: the grid starts Monday Feb 23 and ends Sunday Apr 5.
    expect(visibleRange('month', at(2026, 3, 15))).toEqual({ from: at(2026, 2, 23), to: at(2026, 4, 6) });
  });

  it('moves by a day, a week or a month', () => {
    expect(shiftDate('day', at(2026, 3, 15), 1)).toEqual(at(2026, 3, 16));
    expect(shiftDate('week', at(2026, 3, 15), -1)).toEqual(at(2026, 3, 8));
    expect(shiftDate('month', at(2026, 1, 31), 1)).toEqual(at(2026, 2, 28));
  });
});

describe('month grid', () => {
  it('is whole Monday-first weeks covering the month', () => {
    const weeks = monthWeeks(at(2026, 3, 1));
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toEqual(at(2026, 2, 23));
    expect(weeks[0]![6]).toEqual(at(2026, 3, 1));
    expect(weeks.at(-1)![6]).toEqual(at(2026, 4, 5));
    expect(weeks.every((week) => week[0]!.getDay() === 1)).toBe(true);
    // February 2021 fits in exactly four weeks.
    expect(monthWeeks(at(2021, 2, 10))).toHaveLength(4);
  });

  it('shows at most 2 sessions per day, then +N more', () => {
    expect(monthCell([])).toEqual({ shown: [], more: 0 });
    expect(monthCell(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(monthCell(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(monthCell(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b'], more: 3 });
  });
});

describe('period titles', () => {
  it("uses 'MMM d - d, yyyy' for a week, 'MMMM yyyy' for a month and a full date for a day", () => {
    expect(periodTitle('week', at(2026, 3, 11))).toBe('Mar 9 - 15, 2026');
    expect(periodTitle('month', at(2026, 3, 11))).toBe('March 2026');
    expect(periodTitle('day', at(2026, 3, 11))).toBe('Wednesday, March 11, 2026');
  });

  it('names both months (or years) for a week across them', () => {
    expect(periodTitle('week', at(2026, 3, 31))).toBe('Mar 30 - Apr 5, 2026');
    expect(periodTitle('week', at(2025, 12, 31))).toBe('Dec 29, 2025 - Jan 4, 2026');
  });
});
