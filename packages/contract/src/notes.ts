import * as z from 'zod/mini';
import { id, isoDate, isoDateTime, text, schema } from './common.ts';
import { goalStatuses, goalTypes, noteAuthors, progressNoteStatuses } from './enums.ts';
import { goalChart } from './goal-chart.ts';
import { reportingPeriod } from './reporting-periods.ts';
import { RICH_TEXT_MAX } from './sessions.ts';

/** The one-note-per-period refusals (part 3 §6), in the spec's words. */
export const DELIVERED_NOTE_COVERS_PERIOD = 'A delivered progress note already covers this period';
export const EDITED_NOTE_WOULD_BE_REPLACED = 'This progress note was edited. Regenerating would replace your changes.';
export const NOTE_COVERS_PART_OF_PERIOD = 'A progress note already covers part of this period';
export const DELIVERED_NOTE_LOCKED = 'A delivered progress note cannot be edited';
/** Part 4 §1.4: what the family received stays on record, and its period is never generated again. */
export const DELIVERED_NOTE_UNDELETABLE = 'A delivered progress note cannot be deleted';

const BOTH_DATES = 'Please select both start and end dates for the reporting period.';
const periodDate = /* @__PURE__ */ schema(() =>
  z.pipe(z.string({ error: BOTH_DATES }).check(z.minLength(1, BOTH_DATES)), isoDate),
);

/** A reporting period spans at most a year (366 days, leap years included): it bounds the data read per note. */
export const MAX_PERIOD_DAYS = 366;
const PERIOD_TOO_LONG = 'The reporting period can be at most one year.';
const periodDays = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000;

/**
 * `replace`: regenerate an edited note of the same period, or (for an ad-hoc period) delete the
 * undelivered notes it overlaps; a delivered note is never replaced.
 */
export const generateNoteBody = z
  .object({ reportingPeriodStart: periodDate, reportingPeriodEnd: periodDate, replace: z.optional(z.boolean()) })
  .check(
    z.refine((v) => v.reportingPeriodStart < v.reportingPeriodEnd, {
      message: 'End date must be after start date.',
      path: ['reportingPeriodEnd'],
    }),
    z.refine((v) => periodDays(v.reportingPeriodStart, v.reportingPeriodEnd) <= MAX_PERIOD_DAYS, { message: PERIOD_TOO_LONG, path: ['reportingPeriodEnd'] }),
  );
export type GenerateNoteInput = z.input<typeof generateNoteBody>;

export const bulkGenerateBody = z
  .object({
    clientIds: z
      .array(id, { error: 'Please select at least one client' })
      .check(z.minLength(1, 'Please select at least one client'), z.maxLength(500, 'At most 500 clients can be generated at once')),
    reportingPeriodStart: z.optional(isoDate),
    reportingPeriodEnd: z.optional(isoDate),
    /** Skip a client that already has a note covering any day of the period (retries never duplicate either way). */
    skipExisting: z._default(z.boolean(), true),
    /** Without skipping: as on the single route, replace edited notes and undelivered overlapping ones. */
    replace: z.optional(z.boolean()),
  })
  .check(
    z.refine((v) => !v.reportingPeriodStart === !v.reportingPeriodEnd, { message: BOTH_DATES, path: ['reportingPeriodEnd'] }),
    z.refine((v) => !v.reportingPeriodStart || !v.reportingPeriodEnd || v.reportingPeriodStart < v.reportingPeriodEnd, {
      message: 'End date must be after start date.',
      path: ['reportingPeriodEnd'],
    }),
    z.refine((v) => !v.reportingPeriodStart || !v.reportingPeriodEnd || periodDays(v.reportingPeriodStart, v.reportingPeriodEnd) <= MAX_PERIOD_DAYS, {
      message: PERIOD_TOO_LONG,
      path: ['reportingPeriodEnd'],
    }),
  );
export type BulkGenerateInput = z.input<typeof bulkGenerateBody>;

export const bulkJob = /* @__PURE__ */ schema(() =>
  z.object({
    jobId: id,
    status: z.enum(['running', 'completed']),
    total: z.number(),
    completed: z.number(),
    /** Notes written by this job. */
    successCount: z.number(),
    errorCount: z.number(),
    /** Clients left alone because a note already covered a day of the period (`skipExisting`). */
    skippedCount: z.number(),
    reportingPeriodStart: isoDate,
    reportingPeriodEnd: isoDate,
    errors: z.array(z.object({ clientId: id, clientName: z.string(), error: z.string() })),
  }),
);
export type BulkJob = z.infer<typeof bulkJob>;
export const jobIdParams = /* @__PURE__ */ schema(() =>
  z.object({ jobId: id }),
);

export const progressNote = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    clientId: id,
    content: z.string(),
    reportingPeriodStart: isoDate,
    reportingPeriodEnd: isoDate,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    generatedBy: z.enum(noteAuthors),
    status: z.enum(progressNoteStatuses),
    /** 'First L.' of the client, for lists; absent when the client record is gone. */
    clientName: z.optional(z.string()),
    /** The client's organization, for the notes page's organization filter. */
    organizationId: z.optional(id),
  }),
);
export type ProgressNote = z.infer<typeof progressNote>;

/** `me`: only the notes of the caller's assigned clients. */
export const progressNotesQuery = /* @__PURE__ */ schema(() =>
  z.object({ assignedTo: z._default(z.enum(['me', 'all'], { error: 'assignedTo must be me or all' }), 'all') }),
);

/** An edit of the content, marking the note delivered, or both (the content first). */
export const updateNoteBody = /* @__PURE__ */ schema(() =>
  z
    .object({
      content: z.optional(
        text('free', 'Content is required').check(z.trim(), z.minLength(1, 'Content is required'), z.maxLength(RICH_TEXT_MAX, 'The note is too long')),
      ),
      status: z.optional(z.literal('delivered', { error: "Status can only be set to 'delivered'" })),
    })
    .check(z.refine((v) => v.content !== undefined || v.status !== undefined, { message: 'Content is required', path: ['content'] })),
);
export type UpdateNoteInput = z.input<typeof updateNoteBody>;

/** The current reporting period's active clients with active goals and no note covering any day of it. */
export const missingNotes = /* @__PURE__ */ schema(() =>
  z.object({
    /** Null when no reporting period contains today (then `clients` is empty). */
    period: z.nullable(reportingPeriod),
    clients: z.array(z.object({ id, firstName: z.string(), lastInitial: z.string() })),
  }),
);
export type MissingNotes = z.infer<typeof missingNotes>;

// ---------- reports ----------
export const reportDays = [7, 14, 30, 90] as const;
export const reportQuery = /* @__PURE__ */ schema(() =>
  z.object({
    days: z._default(z.coerce.number().check(z.refine((d) => (reportDays as readonly number[]).includes(d), 'Choose 7, 14, 30 or 90 days')), 30),
    clientId: z.optional(id),
    goalType: z.optional(z.enum(goalTypes)),
  }),
);
export const exportQuery = /* @__PURE__ */ schema(() =>
  z.extend(reportQuery, { format: z._default(z.enum(['json', 'csv']), 'json') }),
);

export const clientProgress = /* @__PURE__ */ schema(() =>
  z.object({
    clientId: id,
    clientName: z.string(),
    goalCount: z.number(),
    sessionsCount: z.number(),
    /** Successful ÷ total attempts in the period, a whole percent; null when the client has no data. */
    progressRate: z.nullable(z.number()),
    goals: z.array(
      z.object({
        id,
        type: z.enum(goalTypes),
        description: z.string(),
        status: z.enum(goalStatuses),
        /** The goal's own rate over the period; null when it has no data. */
        successRate: z.nullable(z.number()),
        /** The goal's figure over the period: the same one the parent PDF prints. */
        chart: goalChart,
      }),
    ),
    recentDataPoints: z.array(
      z.object({ goalId: id, recordedAt: isoDateTime, successfulAttempts: z.number(), totalAttempts: z.number(), accuracy: z.number() }),
    ),
  }),
);
export const report = /* @__PURE__ */ schema(() =>
  z.object({
    generatedAt: isoDateTime,
    period: z.object({ days: z.number(), from: isoDateTime, to: isoDateTime }),
    /** The client's name or 'all'; the goal type or 'all'. */
    filters: z.object({ client: z.string(), goalType: z.union([z.enum(goalTypes), z.literal('all')]) }),
    overallStats: z.object({
      totalSessions: z.number(),
      completedSessions: z.number(),
      activeGoals: z.number(),
      masteredGoals: z.number(),
      /** Pooled over the clients with data only; null when no client has data. */
      successRate: z.nullable(z.number()),
      totalClients: z.number(),
      /** How many clients the success rate covers. */
      clientsWithData: z.number(),
    }),
    clientProgress: z.array(clientProgress),
  }),
);
export type Report = z.infer<typeof report>;
