import { describe, expect, it } from 'vitest';
import { dateSpellings, longDate, monthBefore } from './dates.ts';

describe('note dates', () => {
  it('spells dates', () => {
    expect(longDate('2024-03-01')).toBe('March 1, 2024');
    expect(dateSpellings('2024-03-22')).toEqual(
      expect.arrayContaining(['2024-03-22', 'March 22, 2024', 'Mar 22nd, 2024', 'March 22', '22 March 2024', '3/22/2024', '03/22/2024', '3/22']),
    );
    expect(dateSpellings('2024-11-11')).toContain('Nov 11th, 2024');
    expect(dateSpellings('2024-11-03')).toContain('November 3rd');
  });

  it('steps back a month, clamped to the month\'s end', () => {
    expect(monthBefore('2024-03-15')).toBe('2024-02-15');
    expect(monthBefore('2024-03-31')).toBe('2024-02-29');
    expect(monthBefore('2023-03-31')).toBe('2023-02-28');
    expect(monthBefore('2024-01-10')).toBe('2023-12-10');
  });
});
