/**
 * Calendar dates (yyyy-MM-dd) as notes write them. Hand-written rather than date-fns: the note
 * handlers' bundles stay small, and a bare date has no time zone to get wrong.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
};

/** 'March 1, 2024'. */
export function longDate(date: string): string {
  const { y, m, d } = parts(date);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** The ways a note may spell a date: 'March 1, 2024', 'Mar 1st, 2024', '1 March 2024', '3/1/2024', '03/01/2024', '2024-03-01', 'March 1'… */
export function dateSpellings(date: string): string[] {
  const { y, m, d } = parts(date);
  const long = MONTHS[m - 1]!;
  const days = [String(d), ordinal(d)];
  const named = [long, long.slice(0, 3)].flatMap((month) => days.flatMap((day) => [`${month} ${day}, ${y}`, `${month} ${day}`]));
  const mm = String(m).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  return [date, ...named, `${d} ${long} ${y}`, `${m}/${d}/${y}`, `${mm}/${dd}/${y}`, `${m}/${d}`];
}

/** The same day a month earlier, clamped to the month's end (March 31 → February 29 in 2024). */
export function monthBefore(date: string): string {
  const { y, m, d } = parts(date);
  const lastDay = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
