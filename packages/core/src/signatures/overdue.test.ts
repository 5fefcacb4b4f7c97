import { describe, expect, it } from 'vitest';
import { overdueBefore } from './overdue.ts';

const none = new Set<string>();

describe('overdueBefore', () => {
  it('counts two school days back from today', () => {
    // 2031-01-08 is a Wednesday: Monday's note is not overdue yet, Friday's is.
    expect(overdueBefore('2031-01-08', none)).toBe('2031-01-06');
    // Thursday: Monday's note is now overdue.
    expect(overdueBefore('2031-01-09', none)).toBe('2031-01-07');
  });

  it('skips weekends and closures', () => {
    // Monday 2031-01-13: Friday and Thursday are the two school days back.
    expect(overdueBefore('2031-01-13', none)).toBe('2031-01-09');
    // With Friday closed, Wednesday and Thursday.
    expect(overdueBefore('2031-01-13', new Set(['2031-01-10']))).toBe('2031-01-08');
  });
});
