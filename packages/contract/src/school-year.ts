/**
 * Running a school year: the account's time zone, IEPs and the service minutes they mandate, the
 * recurring timetable and school closures. Dates without a time are school-calendar dates
 * (`yyyy-MM-dd`) in the account's time zone.
 */
import * as z from 'zod/mini';
import { id, isoDate, isoDateTime, optionalPreprocessed, requiredText, schema } from './common.ts';
import { retentionYears } from './account-lifecycle.ts';
import { assignedToSchema } from './caseload.ts';
import { sessionTypes } from './enums.ts';
import { durationSchema, sessionClientIds } from './sessions.ts';
import { isTimeZone } from './time-zone.ts';

const blankToAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---------- the account ----------
export { DEFAULT_TIME_ZONE, isTimeZone } from './time-zone.ts';

/** Automatic sign-out after this many minutes without use (part 4 §2): the range and the default. */
export const IDLE_MINUTES = { min: 5, max: 60, default: 30 } as const;
export const IDLE_MINUTES_RANGE = 'Choose between 5 and 60 minutes';
export const idleMinutes = /* @__PURE__ */ schema(() =>
  z.number({ error: IDLE_MINUTES_RANGE }).check(z.int(IDLE_MINUTES_RANGE), z.gte(IDLE_MINUTES.min, IDLE_MINUTES_RANGE), z.lte(IDLE_MINUTES.max, IDLE_MINUTES_RANGE)),
);
/** Any subset of the settings: an absent one stays as it is. */
export const accountBody = /* @__PURE__ */ schema(() =>
  z.object({
    name: z.optional(requiredText(255, 'Account name is required', 'Account name', 'name')),
    timeZone: z.optional(z.string({ error: 'Choose a time zone' }).check(z.refine(isTimeZone, 'Choose a valid time zone'))),
    idleMinutes: z.optional(idleMinutes),
    retentionYears: z.optional(retentionYears),
  }),
);
export type AccountInput = z.input<typeof accountBody>;
export const account = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    name: z.string(),
    timeZone: z.string(),
    idleMinutes: z.number(),
    retentionYears: z.number(),
    /** The day the district's data will be deleted (part 4 §5), in its time zone; null when none is scheduled. */
    deletionScheduledFor: z.nullable(isoDate),
  }),
);
export type Account = z.infer<typeof account>;

// ---------- IEPs ----------
export const iepStatuses = ['active', 'draft', 'ended'] as const;
export type IepStatus = (typeof iepStatuses)[number];
export const servicePers = ['week', 'month'] as const;
export type ServicePer = (typeof servicePers)[number];
export const serviceTypes = ['individual', 'group', 'either'] as const;
export type ServiceType = (typeof serviceTypes)[number];

export const SERVICE_MINUTES_MIN = 5;
export const SERVICE_MINUTES_MAX = 3000;
export const END_BEFORE_START = 'End date must be after the start date';
export const OVERLAPPING_IEP = 'This client already has an active IEP for these dates';

const optionalDate = /* @__PURE__ */ schema(() =>
  optionalPreprocessed(blankToAbsent, isoDate),
);

export const iepBody = /* @__PURE__ */ schema(() =>
  z
    .object({
      startDate: z.pipe(z.string({ error: 'Start date is required' }).check(z.minLength(1, 'Start date is required')), isoDate),
      endDate: z.pipe(z.string({ error: 'End date is required' }).check(z.minLength(1, 'End date is required')), isoDate),
      nextReviewDate: optionalDate,
      nextEvaluationDate: optionalDate,
      status: z._default(z.enum(iepStatuses, { error: 'Choose a status' }), 'active'),
      serviceMinutes: z.number({ error: 'Service minutes must be a number' }).check(
        z.int('Service minutes must be a whole number'),
        z.gte(SERVICE_MINUTES_MIN, `Service minutes must be at least ${SERVICE_MINUTES_MIN}`),
        z.lte(SERVICE_MINUTES_MAX, `Service minutes must be at most ${SERVICE_MINUTES_MAX}`),
      ),
      servicePer: z.enum(servicePers, { error: 'Choose week or month' }),
      serviceType: z._default(z.enum(serviceTypes, { error: 'Choose a service type' }), 'either'),
      /** The day an IEP was ended: set to today when its status becomes `ended`, editable; its minutes stop after it. */
      endedOn: optionalDate,
    })
    .check(z.refine((v) => v.endDate > v.startDate, { message: END_BEFORE_START, path: ['endDate'] })),
);
export type IepInput = z.input<typeof iepBody>;

export const iep = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    clientId: id,
    startDate: isoDate,
    endDate: isoDate,
    nextReviewDate: z.optional(isoDate),
    nextEvaluationDate: z.optional(isoDate),
    status: z.enum(iepStatuses),
    serviceMinutes: z.number(),
    servicePer: z.enum(servicePers),
    serviceType: z.enum(serviceTypes),
    endedOn: z.optional(isoDate),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
);
export type Iep = z.infer<typeof iep>;
export const iepIdParams = /* @__PURE__ */ schema(() =>
  z.object({ iepId: id }),
);

// ---------- service minutes ----------
/** The longest period a minutes request may cover. */
export const MAX_MINUTES_RANGE_DAYS = 366;
export const minuteStatuses = ['on_track', 'behind', 'no_iep', 'no_school_year'] as const;
export type MinuteStatus = (typeof minuteStatuses)[number];

/** A period's checks, shared by every request that takes `from` and `to` (at most 366 days, in order). */
export function refineDateRange(q: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  if (!q.from || !q.to) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['to'] });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= MAX_MINUTES_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', message: `The date range can be at most ${MAX_MINUTES_RANGE_DAYS} days`, path: ['to'] });
  }
}

/**
 * `from` and `to` are dates, both included; absent, they are "this school year": the defined school
 * year covering today, else the next one (with none defined, 1 July – 30 June around today, and
 * required minutes are unknown: `no_school_year`).
 */
export const minutesRange = /* @__PURE__ */ schema(() =>
  z.object({ from: optionalDate, to: optionalDate }).check(z.superRefine(refineDateRange)),
);
export const caseloadMinutesQuery = /* @__PURE__ */ schema(() =>
  z.object({ from: optionalDate, to: optionalDate, assignedTo: z._default(assignedToSchema, 'me') }).check(z.superRefine(refineDateRange)),
);

/** Why an attended session delivered no minutes (part 4 §1.2). */
export const notCountedReasons = ['not_therapy', 'group_for_individual_iep'] as const;
export type NotCountedReason = (typeof notCountedReasons)[number];
export const notCountedSession = /* @__PURE__ */ schema(() =>
  z.object({ sessionId: id, date: isoDate, reason: z.enum(notCountedReasons) }),
);
export type NotCountedSession = z.infer<typeof notCountedSession>;

/** Required minutes are null when no school year covers the period: Caseload never invents them. */
const requiredMinutes = /* @__PURE__ */ schema(() => z.nullable(z.number()));
export const minutesWeek = /* @__PURE__ */ schema(() =>
  z.object({ start: isoDate, required: requiredMinutes, delivered: z.number() }),
);
/** The figures a client's minutes page and a caseload's row both show. */
const minutesFigures = () => ({
  required: requiredMinutes,
  requiredToDate: requiredMinutes,
  delivered: z.number(),
  makeupsOwed: z.number(),
  status: z.enum(minuteStatuses),
  notCounted: z.array(notCountedSession),
});
export const clientMinutes = /* @__PURE__ */ schema(() =>
  z.object({
    from: isoDate,
    to: isoDate,
    ...minutesFigures(),
    weeks: z.array(minutesWeek),
  }),
);
export type ClientMinutes = z.infer<typeof clientMinutes>;

export const minutesRow = /* @__PURE__ */ schema(() =>
  z.object({
    clientId: id,
    firstName: z.string(),
    lastInitial: z.string(),
    ...minutesFigures(),
    nextReviewDate: z.optional(isoDate),
    nextEvaluationDate: z.optional(isoDate),
  }),
);
export type MinutesRow = z.infer<typeof minutesRow>;

/** The most students one minutes request reads (a caseload is far smaller; a whole district is paged by clinician). */
export const MAX_MINUTES_ROWS = 500;
export const TOO_MANY_STUDENTS = `This list has more than ${MAX_MINUTES_ROWS} students: choose one clinician's caseload`;

export const MINUTES_CSV_HEADER = 'Student,Required,Required To Date,Delivered,Makeups Owed,Status,Next Review,Next Evaluation';

/** The dashboard's three counts for a caseload, each linking to the minutes page. */
export const minutesSummaryQuery = /* @__PURE__ */ schema(() =>
  z.object({ assignedTo: z._default(z.enum(['me', 'all']), 'me') }),
);
export const minutesSummary = /* @__PURE__ */ schema(() =>
  z.object({
    behindOnMinutes: z.number(),
    reviewsDueIn30Days: z.number(),
    reevaluationsDueIn60Days: z.number(),
  }),
);
export type MinutesSummary = z.infer<typeof minutesSummary>;

/** A canceled participation still owed a make-up (the "Make-up for…" choices). */
export const owedMakeup = /* @__PURE__ */ schema(() =>
  z.object({ sessionId: id, scheduledAt: isoDateTime, date: isoDate, duration: z.number() }),
);
export type OwedMakeup = z.infer<typeof owedMakeup>;
export const MAKEUP_NOT_OWED = 'No make-up is owed for this session to these students';
export const MAKEUP_ALREADY_SCHEDULED = 'A make-up for this session has already been scheduled';

// ---------- the timetable ----------
export const MAX_SERIES_MONTHS = 12;
export const weekdayNumbers = [1, 2, 3, 4, 5] as const;
export const weekdayLabels: Record<number, string> = { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri' };
const time = /* @__PURE__ */ schema(() =>
  z.string({ error: 'Choose a time' }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm')),
);

/**
 * `until` is at most twelve months after `startsOn` (the same day of the month a year on). Worked
 * on the date's text, never through `Date.UTC` (which reads years 0–99 as 1900–1999).
 */
export function latestUntil(startsOn: string): string {
  const [y, m, d] = startsOn.split('-').map(Number) as [number, number, number];
  // 29 February a year on does not exist (the year after a leap year is not one): the limit stays inside February.
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y + 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const seriesFields = /* @__PURE__ */ schema(() =>
  z.object({
    clientIds: sessionClientIds,
    providerId: optionalPreprocessed(blankToAbsent, id),
    type: z._default(z.enum(sessionTypes), 'therapy'),
    weekdays: z
      .array(z.number().check(z.int(), z.gte(1, 'Choose weekdays Monday to Friday'), z.lte(5, 'Choose weekdays Monday to Friday')), { error: 'Choose at least one weekday' })
      .check(z.minLength(1, 'Choose at least one weekday'), z.refine((d) => new Set(d).size === d.length, 'A weekday can be chosen only once')),
    time,
    duration: z._default(durationSchema, 30),
    startsOn: z.pipe(z.string({ error: 'Start date is required' }).check(z.minLength(1, 'Start date is required')), isoDate),
    until: z.pipe(z.string({ error: 'End date is required' }).check(z.minLength(1, 'End date is required')), isoDate),
  }),
);

function refineSeries(v: { startsOn: string; until: string }, ctx: z.core.$RefinementCtx) {
  if (v.until < v.startsOn) ctx.addIssue({ code: 'custom', message: END_BEFORE_START, path: ['until'] });
  else if (v.until > latestUntil(v.startsOn)) ctx.addIssue({ code: 'custom', message: `A series can run at most ${MAX_SERIES_MONTHS} months`, path: ['until'] });
}

export const seriesBody = /* @__PURE__ */ schema(() =>
  seriesFields.check(z.superRefine(refineSeries)),
);
export type SeriesInput = z.input<typeof seriesBody>;
/** "This and following sessions": the whole series body, applied to occurrences from `from` on. */
export const updateSeriesBody = /* @__PURE__ */ schema(() =>
  z.extend(seriesFields, { from: isoDate }).check(z.superRefine(refineSeries)),
);
export type UpdateSeriesInput = z.input<typeof updateSeriesBody>;
export const seriesParams = /* @__PURE__ */ schema(() =>
  z.object({ id }),
);
export const deleteSeriesQuery = /* @__PURE__ */ schema(() =>
  z.object({ from: z.pipe(z.string({ error: 'from is required' }), isoDate) }),
);

export const sessionSeries = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    clientIds: z.array(id),
    providerId: id,
    type: z.enum(sessionTypes),
    weekdays: z.array(z.number()),
    time: z.string(),
    duration: z.number(),
    startsOn: isoDate,
    until: isoDate,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
);
export type SessionSeries = z.infer<typeof sessionSeries>;
/** What a series write did: occurrences created, kept because documented, deleted. */
export const seriesChange = /* @__PURE__ */ schema(() =>
  z.object({ series: z.optional(sessionSeries), created: z.number(), kept: z.number(), deleted: z.number() }),
);
export type SeriesChange = z.infer<typeof seriesChange>;

// ---------- closures ----------
export const MAX_CLOSURES = 200;
export const closure = /* @__PURE__ */ schema(() =>
  z.object({
    date: z.pipe(z.string({ error: 'Date is required' }), isoDate),
    label: requiredText(100, 'Label is required', 'Label', 'name'),
  }),
);
export type Closure = z.infer<typeof closure>;
export const closuresBody = /* @__PURE__ */ schema(() =>
  z
    .array(closure, { error: 'Closures must be a list' })
    .check(
      z.maxLength(MAX_CLOSURES, `At most ${MAX_CLOSURES} closures`),
      z.refine((list) => new Set(list.map((c) => c.date)).size === list.length, 'A date can be closed only once'),
    ),
);
export type ClosuresInput = z.input<typeof closuresBody>;
export const closureList = /* @__PURE__ */ schema(() =>
  z.object({ closures: z.array(closure) }),
);
// ---------- cancelling on closed days in the background ----------
/**
 * A save whose newly closed days hold more undocumented series occurrences than this cancels them
 * in a background job (part 4 §1.5); at most this many are cancelled before the save answers.
 */
export const CLOSED_DAYS_SYNC_LIMIT = 200;
export const closedDaysJobStatuses = ['running', 'done', 'failed'] as const;
export type ClosedDaysJobStatus = (typeof closedDaysJobStatuses)[number];
/** A background cancelling job: its progress (0–100, by closed days finished) and the sessions canceled so far. */
export const closedDaysJob = /* @__PURE__ */ schema(() =>
  z.object({ id, status: z.enum(closedDaysJobStatuses), progress: z.number().check(z.gte(0), z.lte(100)), canceledSessions: z.number() }),
);
export type ClosedDaysJob = z.infer<typeof closedDaysJob>;
export const closedDaysJobParams = /* @__PURE__ */ schema(() =>
  z.object({ jobId: id }),
);

/**
 * After a save: the list, and how many undocumented series occurrences the new closures canceled.
 * With more than CLOSED_DAYS_SYNC_LIMIT to cancel, `canceledSessions` is 0 and `job` is the
 * background job doing it (GET /api/closure-jobs/{jobId}).
 */
export const closuresSaved = /* @__PURE__ */ schema(() =>
  z.object({ closures: z.array(closure), canceledSessions: z.number(), job: z.optional(closedDaysJob) }),
);

// ---------- school years ----------
export const SCHOOL_YEARS_OVERLAP = 'School years cannot overlap';
export const BREAK_OUTSIDE_YEAR = 'A break must be inside its school year';
export const NO_SCHOOL_YEAR = 'Set the school year on the School Calendar page to see required minutes';
export const MAX_SCHOOL_YEARS = 10;
export const MAX_BREAKS = 30;
/** A school year lasts at most a year: its breaks' days are expanded, so their number stays bounded. */
export const SCHOOL_YEAR_TOO_LONG = 'A school year can last at most 12 months';
const END_NOT_BEFORE_START = 'End date must be on or after the start date';
const requiredDate = (missing: string) => z.pipe(z.string({ error: missing }).check(z.minLength(1, missing)), isoDate);

export const schoolBreak = /* @__PURE__ */ schema(() =>
  z
    .object({ name: requiredText(100, 'Name is required', 'Name', 'name'), start: requiredDate('Start date is required'), end: requiredDate('End date is required') })
    .check(z.refine((b) => b.start <= b.end, { message: END_NOT_BEFORE_START, path: ['end'] })),
);
export type SchoolBreak = z.infer<typeof schoolBreak>;

/** A school year: its first and last instructional days (both included) and its breaks. */
export const schoolYearEntry = /* @__PURE__ */ schema(() =>
  z
    .object({
      name: requiredText(100, 'Name is required', 'Name', 'name'),
      firstDay: requiredDate('First day is required'),
      lastDay: requiredDate('Last day is required'),
      breaks: z._default(z.array(schoolBreak, { error: 'Breaks must be a list' }).check(z.maxLength(MAX_BREAKS, `At most ${MAX_BREAKS} breaks`)), []),
    })
    .check(
      z.refine((y) => y.firstDay < y.lastDay, { message: 'Last day must be after the first day', path: ['lastDay'] }),
      z.refine((y) => y.lastDay <= latestUntil(y.firstDay), { message: SCHOOL_YEAR_TOO_LONG, path: ['lastDay'] }),
      z.refine((y) => y.breaks.every((b) => y.firstDay <= b.start && b.end <= y.lastDay), { message: BREAK_OUTSIDE_YEAR, path: ['breaks'] }),
    ),
);
export type SchoolYear = z.infer<typeof schoolYearEntry>;

const yearsOverlap = (a: SchoolYear, b: SchoolYear) => a.firstDay <= b.lastDay && b.firstDay <= a.lastDay;

export const schoolYearsBody = /* @__PURE__ */ schema(() =>
  z.array(schoolYearEntry, { error: 'School years must be a list' }).check(
    z.maxLength(MAX_SCHOOL_YEARS, `At most ${MAX_SCHOOL_YEARS} school years`),
    z.refine((list) => list.every((y, i) => list.every((o, j) => i === j || !yearsOverlap(y, o))), SCHOOL_YEARS_OVERLAP),
  ),
);
export type SchoolYearsInput = z.input<typeof schoolYearsBody>;
/** The account's school years by first day. */
export const schoolYearList = /* @__PURE__ */ schema(() =>
  z.object({ schoolYears: z.array(schoolYearEntry) }),
);
/** After a save: the years, and how many undocumented series occurrences the new break days canceled (or the job cancelling them, as for closures). */
export const schoolYearsSaved = /* @__PURE__ */ schema(() =>
  z.object({ schoolYears: z.array(schoolYearEntry), canceledSessions: z.number(), job: z.optional(closedDaysJob) }),
);
