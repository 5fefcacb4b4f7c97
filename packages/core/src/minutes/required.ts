/**
 * The service-minutes arithmetic, pure: which minutes an IEP requires on which school day, and a
 * period's required, required-to-date, delivered, weekly figures and status.
 *
 * - A school day is Monday–Friday and not a closure. Dates are calendar dates (`yyyy-MM-dd`) in
 *   the account's zone, so a daylight-saving change inside a week changes nothing here.
 * - Each school day covered by a counting IEP (`active` or `ended`; `draft` never counts; an
 *   active one wins over an ended one on the same day) carries a weight: the IEP's serviceMinutes
 *   divided by the number of school days of that day's Monday–Sunday week (servicePer `week`) or of
 *   its calendar month (`month`), counting every school day of that week or month. So an IEP
 *   starting on a Wednesday requires 3/5 of its weekly minutes that week, and a closure spreads a
 *   week's minutes over its 4 remaining days.
 * - Required for a period is the sum of the weights of its school days; "to date" stops at today
 *   (included). Whole minutes: each week's figure is rounded on its own, and totals are the
 *   rounded exact sum (so the weeks need not add up to the total to the minute).
 * - Status: `no_iep` when no counting IEP covers any day of the period; `behind` when delivered is
 *   under 90% of required to date; else `on_track`.
 */
import type { MinuteStatus } from '@caseload/contract/school-year';
import { eachDate, isoWeekday, mondayOf, addDays } from '../school-calendar/dates.ts';

export interface CountableIep {
  startDate: string;
  endDate: string;
  status: 'active' | 'draft' | 'ended';
  serviceMinutes: number;
  servicePer: 'week' | 'month';
}

export interface MinutesWeek {
  start: string;
  required: number;
  delivered: number;
}

export interface MinutesFigures {
  required: number;
  requiredToDate: number;
  delivered: number;
  status: MinuteStatus;
  weeks: MinutesWeek[];
}

export interface MinutesInput {
  ieps: readonly CountableIep[];
  closed: ReadonlySet<string>;
  /** The period, both ends included. */
  from: string;
  to: string;
  /** Today in the account's zone (included in "to date"). */
  today: string;
  /** Delivered minutes per date (dates outside the period are ignored). */
  deliveredByDay: ReadonlyMap<string, number>;
}

export const isSchoolDay = (date: string, closed: ReadonlySet<string>) => isoWeekday(date) <= 5 && !closed.has(date);

const counts = (iep: CountableIep) => iep.status === 'active' || iep.status === 'ended';
const covers = (iep: CountableIep, date: string) => iep.startDate <= date && date <= iep.endDate;

/** The IEP that sets a day's requirement: an active one before an ended one, the latest start first. */
export function iepOnDay(ieps: readonly CountableIep[], date: string): CountableIep | undefined {
  let best: CountableIep | undefined;
  for (const iep of ieps) {
    if (!counts(iep) || !covers(iep, date)) continue;
    const better = !best || (iep.status === 'active' && best.status !== 'active') || (iep.status === best.status && iep.startDate > best.startDate);
    if (better) best = iep;
  }
  return best;
}

/** Whether any counting IEP covers any day of [from, to]. */
export const hasCountingIep = (ieps: readonly CountableIep[], from: string, to: string) =>
  ieps.some((iep) => counts(iep) && iep.startDate <= to && from <= iep.endDate);

const lastDayOfMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** School days per week (by Monday) and per month (by `yyyy-MM`), counted once each. */
function schoolDayCounter(closed: ReadonlySet<string>) {
  const cache = new Map<string, number>();
  const count = (key: string, from: string, to: string) => {
    let n = cache.get(key);
    if (n === undefined) {
      n = eachDate(from, to).filter((d) => isSchoolDay(d, closed)).length;
      cache.set(key, n);
    }
    return n;
  };
  return {
    inWeek: (date: string) => {
      const monday = mondayOf(date);
      return count(`W${monday}`, monday, addDays(monday, 6));
    },
    inMonth: (date: string) => count(`M${date.slice(0, 7)}`, `${date.slice(0, 7)}-01`, lastDayOfMonth(date)),
  };
}

/** The exact (unrounded) required minutes of each school day of [from, to] that an IEP covers. */
export function requiredByDay(ieps: readonly CountableIep[], closed: ReadonlySet<string>, from: string, to: string): Map<string, number> {
  const schoolDays = schoolDayCounter(closed);
  const out = new Map<string, number>();
  for (const date of eachDate(from, to)) {
    if (!isSchoolDay(date, closed)) continue;
    const iep = iepOnDay(ieps, date);
    if (!iep) continue;
    // The day is a school day, so its week and month have at least one: never a division by 0.
    out.set(date, iep.serviceMinutes / (iep.servicePer === 'week' ? schoolDays.inWeek(date) : schoolDays.inMonth(date)));
  }
  return out;
}

/**
 * Whole minutes of an exact sum. Sums of fractions such as 120/22 carry binary rounding noise, so
 * the value is first settled to a millionth: 2.4999999999 is 2.5, and rounds to 3 as 2.5 does.
 */
export const wholeMinutes = (exact: number) => Math.round(Math.round(exact * 1e6) / 1e6);

/** `behind` below 90% of required to date, in whole numbers (delivered × 10 < required × 9). */
export function minutesStatus(hasIep: boolean, delivered: number, requiredToDate: number): MinuteStatus {
  if (!hasIep) return 'no_iep';
  return delivered * 10 < requiredToDate * 9 ? 'behind' : 'on_track';
}

export function computeMinutes(input: MinutesInput): MinutesFigures {
  const { from, to, today } = input;
  const byDay = requiredByDay(input.ieps, input.closed, from, to);
  let required = 0;
  let requiredToDate = 0;
  for (const [date, weight] of byDay) {
    required += weight;
    if (date <= today) requiredToDate += weight;
  }
  let delivered = 0;
  for (const [date, minutes] of input.deliveredByDay) if (from <= date && date <= to) delivered += minutes;

  const weeks: MinutesWeek[] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) {
    let weekRequired = 0;
    let weekDelivered = 0;
    for (const date of eachDate(monday < from ? from : monday, addDays(monday, 6) > to ? to : addDays(monday, 6))) {
      weekRequired += byDay.get(date) ?? 0;
      weekDelivered += input.deliveredByDay.get(date) ?? 0;
    }
    weeks.push({ start: monday, required: wholeMinutes(weekRequired), delivered: weekDelivered });
  }

  const roundedToDate = wholeMinutes(requiredToDate);
  return {
    required: wholeMinutes(required),
    requiredToDate: roundedToDate,
    delivered,
    status: minutesStatus(hasCountingIep(input.ieps, from, to), delivered, roundedToDate),
    weeks,
  };
}
