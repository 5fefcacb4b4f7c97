/**
 * The clock sweep: the browser journeys run again with the clock set to the moments where a test
 * that leans on "today" or "this week" breaks. Each journey's server and browser start at the
 * moment given (tests/support/e2e-clock.ts) and time flows from there:
 *
 * - Monday 00:05, Wednesday 13:30, Friday 23:55 and Sunday 12:00 of next week, in the account's zone;
 * - noon of the next day the zone changes its clocks (a 23- or 25-hour day, "this week" across it).
 *
 * The moments are in the future on purpose: the table's TTL and the browser's cookie lifetimes run on
 * the machine's own clock, which a moment in the past would put behind them.
 *
 * `npm run test:clock-sweep` (CI runs it after `npm test`); `-- <file filters>` narrows it like vitest.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, startOfDay, startOfWeek } from 'date-fns';
import { E2E_TIME_ZONE } from './support/e2e-clock.ts';

interface Moment {
  name: string;
  at: Date;
}

const at = (day: Date, hours: number, minutes: number) => new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes, E2E_TIME_ZONE);

/** The first day, from `from` on, whose UTC offset differs from the day before's, at noon. */
function nextClockChange(from: Date): Date {
  let day = startOfDay(new TZDate(from, E2E_TIME_ZONE));
  for (let i = 0; i < 400; i++) {
    const next = addDays(day, 1);
    if (at(next, 12, 0).getTimezoneOffset() !== at(day, 12, 0).getTimezoneOffset()) return at(next, 12, 0);
    day = next;
  }
  throw new Error(`${E2E_TIME_ZONE} changes no clocks within a year`);
}

export function sweepMoments(now: Date): Moment[] {
  const monday = startOfWeek(addWeeks(new TZDate(now, E2E_TIME_ZONE), 1), { weekStartsOn: 1 });
  return [
    { name: 'Monday 00:05', at: at(monday, 0, 5) },
    { name: 'Wednesday 13:30', at: at(addDays(monday, 2), 13, 30) },
    { name: 'Friday 23:55', at: at(addDays(monday, 4), 23, 55) },
    { name: 'Sunday 12:00', at: at(addDays(monday, 6), 12, 0) },
    { name: 'the day the clocks change, 12:00', at: nextClockChange(now) },
  ];
}

function main() {
  const filters = process.argv.slice(2);
  const results: { moment: Moment; ok: boolean; seconds: number }[] = [];
  for (const moment of sweepMoments(new Date())) {
    const iso = moment.at.toISOString();
    console.log(`\nclock sweep: ${moment.name} (${iso} ${E2E_TIME_ZONE})`);
    const started = Date.now();
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...filters], {
      stdio: 'inherit',
      env: { ...process.env, CASELOAD_E2E_NOW: iso },
    });
    results.push({ moment, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  }
  console.log('\nclock sweep results:');
  for (const { moment, ok, seconds } of results) console.log(`  ${ok ? 'pass' : 'FAIL'}  ${moment.name.padEnd(34)} ${moment.at.toISOString()}  ${seconds} s`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
