/**
 * The service-minutes arithmetic, pure (part 4 §1.1): which minutes an IEP requires on which
 * instructional day, and a period's required, required-to-date, delivered, weekly figures and status.
 *
 * - An instructional day is a Monday–Friday inside a school year, outside its breaks, and not a
 *   closure (school-calendar/school-years.ts). Dates are calendar dates (`yyyy-MM-dd`) in the
 *   account's zone, so a daylight-saving change inside a week changes nothing here.
 * - Each instructional day covered by a counting IEP (`active` or `ended`; `draft` never counts; an
 *   active one wins over an ended one on the same day) carries a weight: serviceMinutes ÷ 5 for a
 *   weekly IEP, serviceMinutes ÷ the month's Monday–Friday count for a monthly one. So a week
 *   requires serviceMinutes × d ÷ 5 for its d instructional days (two of them of a 60-minute weekly
 *   IEP: 24), and a closure, a break or the summer takes its days' minutes away. An IEP stops after
 *   the earlier of its `endDate` and `endedOn`.
 * - Required for a period is the sum of the weights of its days; "to date" stops at today
 *   (included). Whole minutes: each week's figure is rounded on its own, and totals are the
 *   rounded exact sum (so the weeks need not add up to the total to the minute).
 * - Status: `no_iep` when no counting IEP covers any day of the period; `no_school_year` (required
 *   unknown: null, never an invented number) until a school year covers today or a later day (once
 *   one does, days outside every year are known to require nothing);
 *   `behind` when delivered is under 90% of required to date; else `on_track`.
 */
import type { SessionType } from '@caseload/contract/enums';
import type { MinuteStatus, NotCountedReason } from '@caseload/contract/school-year';
import { addDays, eachDate, isoWeekday, mondayOf } from '../school-calendar/dates.ts';
import { isInstructionalDay, thisSchoolYear, type SchoolYearDays } from '../school-calendar/school-years.ts';

export interface CountableIep {
  startDate: string;
  endDate: string;
  endedOn?: string;
  status: 'active' | 'draft' | 'ended';
  serviceMinutes: number;
  servicePer: 'week' | 'month';
  /** `individual` counts only sessions where the student was the only one present. */
  serviceType?: 'individual' | 'group' | 'either';
}

/** A session the student attended, as the ledger keeps it (ledger.ts). */
export interface Attended {
  sessionId: string;
  date: string;
  minutes: number;
  sessionType: SessionType;
  groupSize: number;
}

export interface NotCounted {
  sessionId: string;
  date: string;
  reason: NotCountedReason;
}

export interface MinutesWeek {
  start: string;
  required: number | null;
  delivered: number;
}

export interface MinutesFigures {
  required: number | null;
  requiredToDate: number | null;
  delivered: number;
  status: MinuteStatus;
  weeks: MinutesWeek[];
}

/** Which days are instructional: the school years with their breaks, and the closures. */
export interface InstructionalCalendar {
  years: readonly SchoolYearDays[];
  closed: ReadonlySet<string>;
}

export interface MinutesInput {
  ieps: readonly CountableIep[];
  calendar: InstructionalCalendar;
  /** The period, both ends included. */
  from: string;
  to: string;
  /** Today in the account's zone (included in "to date"). */
  today: string;
  /** Delivered minutes per date (dates outside the period are ignored). */
  deliveredByDay: ReadonlyMap<string, number>;
}

const counts = (iep: CountableIep) => iep.status === 'active' || iep.status === 'ended';
/** The IEP's last day of service: the earlier of its end date and the day it was ended. */
const lastDayOf = (iep: CountableIep) => (iep.endedOn !== undefined && iep.endedOn < iep.endDate ? iep.endedOn : iep.endDate);
const covers = (iep: CountableIep, date: string) => iep.startDate <= date && date <= lastDayOf(iep);

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
  ieps.some((iep) => counts(iep) && iep.startDate <= to && from <= lastDayOf(iep));

const lastDayOfMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** Monday–Friday dates per month (by `yyyy-MM`), counted once each: a monthly IEP's divisor. */
function weekdaysInMonth() {
  const cache = new Map<string, number>();
  return (date: string) => {
    const month = date.slice(0, 7);
    let n = cache.get(month);
    if (n === undefined) {
      n = eachDate(`${month}-01`, lastDayOfMonth(date)).filter((d) => isoWeekday(d) <= 5).length;
      cache.set(month, n);
    }
    return n;
  };
}

/** The exact (unrounded) required minutes of each instructional day of [from, to] that an IEP covers. */
export function requiredByDay(ieps: readonly CountableIep[], calendar: InstructionalCalendar, from: string, to: string): Map<string, number> {
  const weekdays = weekdaysInMonth();
  const out = new Map<string, number>();
  for (const date of eachDate(from, to)) {
    if (!isInstructionalDay(date, calendar.years, calendar.closed)) continue;
    const iep = iepOnDay(ieps, date);
    if (!iep) continue;
    out.set(date, iep.serviceMinutes / (iep.servicePer === 'week' ? 5 : weekdays(date)));
  }
  return out;
}

/**
 * Which attended sessions of [from, to] deliver minutes (part 4 §1.2): therapy only, and for a day
 * whose IEP is `individual`, only sessions where the student was the only one present (individual
 * service meets a group mandate, not the reverse). The rest are listed with the reason, by date.
 */
export function countAttended(attended: readonly Attended[], ieps: readonly CountableIep[], from: string, to: string): { deliveredByDay: Map<string, number>; notCounted: NotCounted[] } {
  const deliveredByDay = new Map<string, number>();
  const notCounted: NotCounted[] = [];
  for (const a of attended) {
    if (a.date < from || a.date > to) continue;
    const reason: NotCountedReason | undefined =
      a.sessionType !== 'therapy' ? 'not_therapy' : a.groupSize > 1 && iepOnDay(ieps, a.date)?.serviceType === 'individual' ? 'group_for_individual_iep' : undefined;
    if (reason) notCounted.push({ sessionId: a.sessionId, date: a.date, reason });
    else deliveredByDay.set(a.date, (deliveredByDay.get(a.date) ?? 0) + a.minutes);
  }
  notCounted.sort((x, y) => x.date.localeCompare(y.date) || x.sessionId.localeCompare(y.sessionId));
  return { deliveredByDay, notCounted };
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
  const hasIep = hasCountingIep(input.ieps, from, to);
  const known = !hasIep || thisSchoolYear(input.calendar.years, today) !== undefined;
  const byDay = requiredByDay(input.ieps, input.calendar, from, to);
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
    weeks.push({ start: monday, required: known ? wholeMinutes(weekRequired) : null, delivered: weekDelivered });
  }

  if (!known) return { required: null, requiredToDate: null, delivered, status: 'no_school_year', weeks };
  const roundedToDate = wholeMinutes(requiredToDate);
  return {
    required: wholeMinutes(required),
    requiredToDate: roundedToDate,
    delivered,
    status: minutesStatus(hasIep, delivered, roundedToDate),
    weeks,
  };
}
