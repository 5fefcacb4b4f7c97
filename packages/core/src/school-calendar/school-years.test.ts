import { describe, expect, it } from 'vitest';
import { breakDates, isInstructionalDay, thisSchoolYear } from './school-years.ts';

const y2026 = { name: '2026–27', firstDay: '2026-09-08', lastDay: '2027-06-15', breaks: [{ start: '2026-12-21', end: '2027-01-01' }] };
const y2027 = { name: '2027–28', firstDay: '2027-09-07', lastDay: '2028-06-14', breaks: [] };

describe('instructional days', () => {
  it('are weekdays inside a year, outside its breaks, and not closures', () => {
    const closed = new Set(['2026-10-12']);
    expect(isInstructionalDay('2026-09-08', [y2026], closed)).toBe(true);
    expect(isInstructionalDay('2026-09-07', [y2026], closed)).toBe(false); // before the first day
    expect(isInstructionalDay('2026-09-12', [y2026], closed)).toBe(false); // Saturday
    expect(isInstructionalDay('2026-10-12', [y2026], closed)).toBe(false); // closure
    expect(isInstructionalDay('2026-12-21', [y2026], closed)).toBe(false); // first day of the break
    expect(isInstructionalDay('2027-01-01', [y2026], closed)).toBe(false); // its last day
    expect(isInstructionalDay('2027-01-04', [y2026], closed)).toBe(true);
    expect(isInstructionalDay('2027-07-14', [y2026, y2027], closed)).toBe(false); // summer
  });

  it('"this school year" is the one covering today, else the next one, else none', () => {
    expect(thisSchoolYear([y2027, y2026], '2026-11-27')).toBe(y2026);
    expect(thisSchoolYear([y2027, y2026], '2027-07-01')).toBe(y2027);
    expect(thisSchoolYear([y2026], '2027-07-01')).toBeUndefined();
  });

  it('lists break days, both ends included', () => {
    expect(breakDates([y2026]).size).toBe(12);
    expect([...breakDates([y2026])].sort()[0]).toBe('2026-12-21');
    expect(breakDates([y2026]).has('2027-01-01')).toBe(true);
  });
});
