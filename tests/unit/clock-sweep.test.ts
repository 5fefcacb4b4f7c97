import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { sweepMoments } from '../clock-sweep.ts';
import { E2E_TIME_ZONE } from '../support/e2e-clock.ts';

const inZone = (date: Date) => format(new TZDate(date, E2E_TIME_ZONE), 'EEEE yyyy-MM-dd HH:mm');

describe('the clock sweep', () => {
  it("picks next week's Monday 00:05, Wednesday 13:30, Friday 23:55 and Sunday 12:00 in the account's zone", () => {
    const moments = sweepMoments(new Date('2026-11-27T17:00:00Z')).slice(0, 4);
    expect(moments.map((m) => inZone(m.at))).toEqual(['Monday 2026-11-30 00:05', 'Wednesday 2026-12-02 13:30', 'Friday 2026-12-04 23:55', 'Sunday 2026-12-06 12:00']);
  });

  it('picks noon of the next day the clocks change, forward in spring and back in autumn', () => {
    expect(inZone(sweepMoments(new Date('2026-11-27T17:00:00Z'))[4]!.at)).toBe('Sunday 2027-03-14 12:00');
    expect(inZone(sweepMoments(new Date('2027-06-01T12:00:00Z'))[4]!.at)).toBe('Sunday 2027-11-07 12:00');
  });

  it('keeps every moment in the future, so lifetimes kept on the machine clock still hold', () => {
    const now = new Date('2026-11-29T23:59:00-05:00');
    for (const moment of sweepMoments(now)) expect(moment.at.getTime()).toBeGreaterThan(now.getTime());
  });
});
