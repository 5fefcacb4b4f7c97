/**
 * Instructional days (part 4 §1.1), pure: a Monday–Friday inside a school year, outside its breaks,
 * and not a closure. Required minutes accrue only on them; nothing accrues outside every school year
 * (summer). "This school year" is the defined year covering today, else the next one.
 */
import { eachDate, isoWeekday } from './dates.ts';

export interface SchoolYearDays {
  firstDay: string;
  lastDay: string;
  breaks: readonly { start: string; end: string }[];
}

const inside = (date: string, from: string, to: string) => from <= date && date <= to;

/** The year holding `date` (years never overlap), if any. */
export const yearHolding = <Y extends SchoolYearDays>(years: readonly Y[], date: string): Y | undefined => years.find((y) => inside(date, y.firstDay, y.lastDay));

export function isInstructionalDay(date: string, years: readonly SchoolYearDays[], closed: ReadonlySet<string>): boolean {
  if (isoWeekday(date) > 5 || closed.has(date)) return false;
  const year = yearHolding(years, date);
  return year !== undefined && !year.breaks.some((b) => inside(date, b.start, b.end));
}

/** "This school year": the one covering `today`, else the first one after it. */
export function thisSchoolYear<Y extends SchoolYearDays>(years: readonly Y[], today: string): Y | undefined {
  return yearHolding(years, today) ?? [...years].filter((y) => y.firstDay > today).sort((a, b) => a.firstDay.localeCompare(b.firstDay))[0];
}

/** Every date inside a break of some year (the days whose sessions a break cancels). */
export function breakDates(years: readonly SchoolYearDays[]): Set<string> {
  const out = new Set<string>();
  for (const year of years) for (const b of year.breaks) for (const date of eachDate(b.start, b.end)) out.add(date);
  return out;
}
