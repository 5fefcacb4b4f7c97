/**
 * The clock of a browser journey. Every e2e file lives at one moment, in one time zone, whatever
 * day, hour or zone the machine runs it in:
 *
 * - the moment is `CASELOAD_E2E_NOW` (an ISO instant: the clock sweep, tests/clock-sweep.ts, sets
 *   it) or the real time when the file starts; from there time flows at its normal pace;
 * - the server (in the test's process) reads it through the clock port (core/clock.ts), the
 *   browser's pages through `Date` (setBrowserClock), and the test's own dates come from `e2eNow()`;
 * - the zone is the account's (every e2e account keeps the default), and the browser context runs
 *   in it, so "today", "this week" and 10:00 mean the same on the screen, on the server and here.
 */
import { TZDate } from '@date-fns/tz';
import type { BrowserContext } from 'playwright-core';
import { DEFAULT_TIME_ZONE } from '../../packages/contract/src/time-zone.ts';
import { testClock } from '../../packages/core/src/clock.ts';

/** The zone of every e2e account and browser context. */
export const E2E_TIME_ZONE = DEFAULT_TIME_ZONE;

/** How far the file's clock is from the machine's: zero unless the sweep set a moment. */
const offsetMs = startOffset(process.env.CASELOAD_E2E_NOW);

function startOffset(setting: string | undefined): number {
  if (!setting) return 0;
  const start = Date.parse(setting);
  if (Number.isNaN(start)) throw new Error(`CASELOAD_E2E_NOW is not an ISO instant: ${setting}`);
  return start - Date.now();
}

/**
 * Now, on this file's clock, as a date in the account's zone: date-fns reads and builds it there,
 * and its `toISOString()` carries the zone's offset (the API takes either form).
 */
export const e2eNow = () => new TZDate(Date.now() + offsetMs, E2E_TIME_ZONE);

/** The instant of `hours`:`minutes` on the calendar day of `day`, both in the account's zone. */
export function wallClock(day: Date, hours: number, minutes = 0): Date {
  const local = new TZDate(day, E2E_TIME_ZONE);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), hours, minutes, E2E_TIME_ZONE).getTime());
}

/** Sets the in-process server's clock to the file's (the app runs in the test's process). */
export function setServerClock() {
  testClock.reset();
  testClock.advance(offsetMs);
}

/**
 * Sets the wall clock of every page of a browser context to the file's: `Date.now()` and
 * `new Date()` read the file's time, running at the normal pace; timers, animation frames and
 * `performance` stay the browser's own.
 *
 * Not Playwright's `clock.install`: it replaces every timer function and animation frame as well, and
 * under it Chakra's dialogs at times never finished closing (a dialog left in the page with
 * `data-state="closed"`, twice in one sweep of 50 journeys). The journeys need the day, not control
 * of timers.
 */
export async function setBrowserClock(context: BrowserContext) {
  await context.addInitScript((offset: number) => {
    const MachineDate = Date;
    class FileDate extends MachineDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(MachineDate.now() + offset);
        else super(...(args as ConstructorParameters<DateConstructor>));
      }

      static override now() {
        return MachineDate.now() + offset;
      }
    }
    globalThis.Date = FileDate as DateConstructor;
  }, offsetMs);
}
