/**
 * The jobs that run on a schedule (part 4 §5), one definition read by both runners: the CDK stack
 * makes one EventBridge Scheduler schedule per entry (infra/constructs/scheduled-jobs.ts) and
 * `npm start` runs the same entries from its in-process scheduler (packages/local/src/scheduler.ts);
 * `npm run jobs -- --at <time>` runs the entries due at that time. What each job does is
 * packages/core/src/scheduled-jobs/jobs.ts, keyed by these names (the compiler insists on both).
 *
 * A schedule is a minute of every hour, or a minute of one hour of every day, in a time zone: the
 * jobs need no more, and both runners read it without a cron parser (docs/scheduled-jobs.md).
 */
export interface JobSchedule {
  /** 0–59. */
  minute: number;
  /** 0–23: once a day at that hour; absent: every hour. */
  hour?: number;
  /** IANA zone the hour is read in (EventBridge Scheduler's `ScheduleExpressionTimezone`). */
  zone: string;
}

/**
 * The daily jobs run at 10:00 UTC and after: then it is already the same calendar day from
 * UTC−10 (Hawaii, 00:00) to UTC+13, so "on the date" in a district's own zone holds for every
 * district (the deletion compares its date with the day in the district's zone).
 */
export const scheduledJobs = {
  /** Deletes the districts whose deletion date has come (their items, their files), leaving a certificate. */
  'account-deletion': { minute: 0, hour: 10, zone: 'UTC' },
  /** Purges the signed documentation of archived students past the district's retention years. */
  retention: { minute: 30, hour: 10, zone: 'UTC' },
  /** Recomputes every user's reminders (part 4 §8): writes the new, deletes the resolved. */
  reminders: { minute: 45, hour: 10, zone: 'UTC' },
  /**
   * Every hour at :05: mails the weekly digest in the districts where it is now Monday, 6 o'clock
   * (part 4 §8); the few minutes after the hour keep it clear of the daily jobs' minutes.
   */
  'weekly-digest': { minute: 5, zone: 'UTC' },
} as const satisfies Record<string, JobSchedule>;

export type ScheduledJobName = keyof typeof scheduledJobs;
export const scheduledJobNames = Object.keys(scheduledJobs) as ScheduledJobName[];
export const isScheduledJobName = (name: unknown): name is ScheduledJobName => typeof name === 'string' && Object.hasOwn(scheduledJobs, name);

/** The schedule as an EventBridge Scheduler expression (read in `schedule.zone`). */
export const scheduleExpression = (schedule: JobSchedule) => `cron(${schedule.minute} ${schedule.hour ?? '*'} * * ? *)`;

/** One formatter per zone: `nextRun` asks for many minutes in a row. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The hour and minute of an instant on the wall clock of `zone`. */
function wallHourMinute(at: Date, zone: string): { hour: number; minute: number } {
  let format = formatters.get(zone);
  if (!format) formatters.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })));
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { hour: part('hour'), minute: part('minute') };
}

/** Whether a job of this schedule runs in the minute of `at` (seconds are ignored). */
export function isDue(schedule: JobSchedule, at: Date): boolean {
  const { hour, minute } = wallHourMinute(at, schedule.zone);
  return minute === schedule.minute && (schedule.hour === undefined || hour === schedule.hour);
}

/** The jobs due in the minute of `at`, in their definition order (deletion before retention). */
export const jobsDueAt = (at: Date): ScheduledJobName[] => scheduledJobNames.filter((name) => isDue(scheduledJobs[name], at));

/** The next minute after `after` at which a job of this schedule is due (for the local scheduler's timer). */
export function nextRun(schedule: JobSchedule, after: Date): Date {
  const t = new Date(after);
  t.setUTCSeconds(0, 0);
  // At most a day and an hour of minutes (a zone's clock change): a plain walk is simple and exact.
  for (let i = 0; i < 26 * 60; i++) {
    t.setUTCMinutes(t.getUTCMinutes() + 1);
    if (isDue(schedule, t)) return new Date(t);
  }
  throw new Error('No run within a day');
}
