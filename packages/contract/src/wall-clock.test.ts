import { describe, expect, it } from 'vitest';
import { instantAt, wallClock } from './wall-clock.ts';

describe('wallClock', () => {
  it('reads an instant in the zone, on either side of a daylight-saving change', () => {
    expect(wallClock('2024-03-10T06:30:00.000Z', 'America/New_York')).toEqual({ date: '2024-03-10', time: '01:30' });
    expect(wallClock('2024-03-10T07:30:00.000Z', 'America/New_York')).toEqual({ date: '2024-03-10', time: '03:30' });
    expect(wallClock('2024-03-05T02:00:00.000Z', 'America/Los_Angeles')).toEqual({ date: '2024-03-04', time: '18:00' });
    expect(wallClock(Date.parse('2026-03-06T20:30:00Z'), 'America/New_York').time).toBe('15:30'); // EST
    expect(wallClock(Date.parse('2026-03-09T19:30:00Z'), 'America/New_York').time).toBe('15:30'); // EDT
    expect(wallClock(new Date('2026-03-09T19:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-09', time: '20:30' });
  });
});

describe('instantAt', () => {
  it('is the instant of the zone\'s wall clock, the inverse of wallClock', () => {
    expect(instantAt('2026-03-12', '08:00', 'America/Los_Angeles')).toBe('2026-03-12T15:00:00.000Z'); // PDT
    expect(instantAt('2026-03-06', '08:00', 'America/Los_Angeles')).toBe('2026-03-06T16:00:00.000Z'); // PST
    expect(wallClock(instantAt('2026-11-02', '15:30', 'Europe/Berlin'), 'Europe/Berlin')).toEqual({ date: '2026-11-02', time: '15:30' });
  });

  it('moves a time the spring change skips forward, and refuses what is not a date', () => {
    expect(instantAt('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(() => instantAt('', '08:00', 'America/New_York')).toThrow(RangeError);
  });
});
