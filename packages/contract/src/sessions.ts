import * as z from 'zod/mini';
import { id, isoDateTime, optionalPreprocessed, requiredText, text, schema } from './common.ts';
import { addendum, signature } from './signatures.ts';
import { goalMonitoring } from './monitoring.ts';
import { baseline, CRITERION_BOTH, type CriterionValues, criterionComplete, criterionFields, cueCounts, cueLevels, trial } from './trials.ts';
import { cancelReasons, CHOOSE_CANCEL_REASON, CHOOSE_EVALUATION_CODE, evaluationCodes, goalStatuses, goalTypes, gradeLevels, participantStatuses, sessionStatuses, sessionTypes, type ParticipantStatus } from './enums.ts';

export const DURATION_MIN = 5;
export const DURATION_MAX = 240;
export const RICH_TEXT_MAX = 100_000;

export const durationSchema = /* @__PURE__ */ schema(() =>
  z.number({ error: 'Duration must be a number of minutes' }).check(
    z.int('Duration must be a whole number of minutes'),
    z.gte(DURATION_MIN, `Duration must be at least ${DURATION_MIN} minutes`),
    z.lte(DURATION_MAX, `Duration must be at most ${DURATION_MAX} minutes`),
  ),
);

/** The students of a session or a series: one to 30, each once. */
export const sessionClientIds = /* @__PURE__ */ schema(() =>
  z
    .array(id, { error: 'Please select at least one client' })
    .check(
      z.minLength(1, 'Please select at least one client'),
      z.maxLength(30, 'A session can have at most 30 clients'),
      z.refine((ids) => new Set(ids).size === ids.length, 'A client can be chosen only once'),
    ),
);

export const scheduleSessionBody = /* @__PURE__ */ schema(() =>
  z.object({
    type: z._default(z.enum(sessionTypes), 'therapy'),
    clientIds: sessionClientIds,
    scheduledAt: z.pipe(z.string({ error: 'Please select a date and time' }).check(z.minLength(1, 'Please select a date and time')), isoDateTime),
    duration: z._default(durationSchema, 30),
    notes: z.optional(text('free').check(z.maxLength(5000, 'Notes must be at most 5000 characters'))),
    /**
     * The user who provides the session: absent on create means the creating user, absent on an edit
     * leaves it unchanged (a blank form value counts as absent). The server requires an active user
     * of the account who may see every participant's organization.
     */
    providerId: optionalPreprocessed((v) => (v === '' || v === null ? undefined : v), id),
    /** "Make-up for…": a canceled participation of these students that this session makes up. */
    makeupForSessionId: optionalPreprocessed((v) => (v === '' || v === null ? undefined : v), id),
    /** An evaluation's CPT code (needed to complete it); kept only on evaluations. */
    evaluationCode: optionalPreprocessed((v) => (v === '' || v === null ? undefined : v), z.enum(evaluationCodes, { error: CHOOSE_EVALUATION_CODE })),
  }),
);
export type ScheduleSessionInput = z.input<typeof scheduleSessionBody>;

/** Why it was canceled (part 4 §1.3): required with status `canceled`, ignored with any other (a blank form value counts as absent). */
const cancelReasonField = /* @__PURE__ */ schema(() =>
  optionalPreprocessed((v) => (v === '' || v === null ? undefined : v), z.enum(cancelReasons, { error: CHOOSE_CANCEL_REASON })),
);
const reasonWhenCanceled = <T extends { status: string; cancelReason?: string }>() =>
  z.refine<T>((v) => v.status !== 'canceled' || v.cancelReason !== undefined, { message: CHOOSE_CANCEL_REASON, path: ['cancelReason'] });

export const updateSessionBody = /* @__PURE__ */ schema(() =>
  z
    .extend(z.omit(scheduleSessionBody, { makeupForSessionId: true }), { status: z.enum(sessionStatuses, { error: 'Status is required' }), cancelReason: cancelReasonField })
    .check(
      z.refine((v) => !(v.type === 'evaluation' && v.status === 'completed' && !v.evaluationCode), { message: CHOOSE_EVALUATION_CODE, path: ['evaluationCode'] }),
      reasonWhenCanceled(),
    ),
);
export type UpdateSessionInput = z.input<typeof updateSessionBody>;

/** The longest period one list request may cover (a school year and then some). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** `from`/`to` are a half-open period [from, to), compared as instants (offsets may differ). */
function refineRange(q: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  if (!q.from || !q.to) return;
  const span = Date.parse(q.to) - Date.parse(q.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', message: 'from must be before to', path: ['to'] });
  else if (span > MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', message: `The date range can be at most ${MAX_RANGE_DAYS} days`, path: ['to'] });
}

export const PROVIDER_MESSAGE = 'Choose an active provider who can see these clients';
/** Part 4 §1.6: progress and trials only for a student who was there (not absent, not canceled). */
export const NOT_PRESENT = 'This student was not present';
/** The participant statuses of a student who was not there: no data is recorded or counted for them. */
export const NOT_THERE = ['absent', 'canceled'] as const satisfies readonly ParticipantStatus[];
export const wasNotThere = (status: ParticipantStatus) => (NOT_THERE as readonly ParticipantStatus[]).includes(status);

/** Whose sessions a list reads: the caller's ('me'), everyone's ('all', the default), or one user's. */
export const providerFilter = /* @__PURE__ */ schema(() =>
  z.union([z.enum(['me', 'all']), id], { error: 'providerId must be me, all or a user id' }),
);
export type ProviderFilter = z.infer<typeof providerFilter>;

export const sessionsQuery = z
  .object({ from: z.optional(isoDateTime), to: z.optional(isoDateTime), providerId: z._default(providerFilter, 'all') })
  .check(z.superRefine(refineRange));

export const participantClient = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    firstName: z.string(),
    lastInitial: z.string(),
    gradeLevel: z.optional(z.enum(gradeLevels)),
    diagnosis: z.optional(z.string()),
  }),
);
const participantName = /* @__PURE__ */ schema(() =>
  z.pick(participantClient, { id: true, firstName: true, lastInitial: true }),
);
export const session = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    type: z.enum(sessionTypes),
    status: z.enum(sessionStatuses),
    scheduledAt: isoDateTime,
    duration: z.number(),
    notes: z.optional(z.string()),
    /** Who provides the session (sessions from before providers read as their creator). */
    providerId: id,
    /** The recurring series this session is an occurrence of. */
    seriesId: z.optional(id),
    /** The canceled session this one makes up. */
    makeupForSessionId: z.optional(id),
    evaluationCode: z.optional(z.enum(evaluationCodes)),
    /** Why a canceled session was canceled (absent on sessions canceled before reasons were asked). */
    cancelReason: z.optional(z.enum(cancelReasons)),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    participants: z.array(participantName),
    sessionParticipants: z.array(
      z.object({ clientId: id, client: participantClient, status: z.enum(participantStatuses), cancelReason: z.optional(z.enum(cancelReasons)) }),
    ),
    /** The first participant, for lists that show one name (the dashboard). */
    client: z.optional(participantName),
  }),
);
export type Session = z.infer<typeof session>;

export const sessionIdParams = /* @__PURE__ */ schema(() =>
  z.object({ id }),
);
export const participantParams = /* @__PURE__ */ schema(() =>
  z.object({ id, clientId: id }),
);
export const addParticipantBody = /* @__PURE__ */ schema(() =>
  z.object({ clientId: id, status: z._default(z.enum(participantStatuses), 'scheduled'), cancelReason: cancelReasonField }).check(reasonWhenCanceled()),
);
export const updateParticipantBody = /* @__PURE__ */ schema(() =>
  z.object({ status: z.enum(participantStatuses, { error: 'Choose a status' }), cancelReason: cancelReasonField }).check(reasonWhenCanceled()),
);
export type UpdateParticipantInput = z.input<typeof updateParticipantBody>;

// ---------- documentation (autosave targets) ----------
export const sessionNoteBody = /* @__PURE__ */ schema(() =>
  z.object({
    clientId: id,
    notes: text('free').check(z.maxLength(RICH_TEXT_MAX, 'Notes are too long')),
  }),
);
export const sessionNote = /* @__PURE__ */ schema(() =>
  z.object({
    clientId: id,
    notes: z.string(),
    updatedAt: isoDateTime,
    /** Who signed the client's documentation of this session; once present, it is locked. */
    signature: z.optional(signature),
    /** An SLP's co-signature of a note signed by an assistant. */
    cosignature: z.optional(signature),
    /** Dated, signed additions to a signed note, oldest first. */
    addenda: z.array(addendum),
  }),
);
export type SessionNote = z.infer<typeof sessionNote>;

export const progressBody = z
  .object({
    goalId: id,
    successfulAttempts: z
      .number({ error: 'Successful attempts must be a number' })
      .check(
        z.int('Successful attempts must be a whole number'),
        z.gte(0, 'Successful attempts must be at least 0'),
        z.lte(10_000, 'Successful attempts must be at most 10000'),
      ),
    totalAttempts: z
      .number({ error: 'Total attempts must be a number' })
      .check(
        z.int('Total attempts must be a whole number'),
        z.gte(1, 'Total attempts must be at least 1'),
        z.lte(10_000, 'Total attempts must be at most 10000'),
      ),
    notes: z.optional(text('free').check(z.maxLength(RICH_TEXT_MAX, 'Notes are too long'))),
  })
  .check(
    z.refine((v) => v.successfulAttempts <= v.totalAttempts, {
      message: 'Successful attempts cannot exceed total attempts',
      path: ['successfulAttempts'],
    }),
  );
export const progressPoint = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    goalId: id,
    clientId: id,
    sessionId: id,
    successfulAttempts: z.number(),
    totalAttempts: z.number(),
    notes: z.optional(z.string()),
    recordedAt: isoDateTime,
    /** Scored live (spec part 3 §3): the ordered trials and what they add up to. */
    trials: z.optional(z.array(trial)),
    independentCorrect: z.optional(z.number()),
    cueCounts: z.optional(cueCounts),
    /** Correct trials per cue level: what the criterion's accuracy counts (figures.ts). */
    correctByCue: z.optional(cueCounts),
    clientUpdatedAt: z.optional(isoDateTime),
  }),
);
export type ProgressPoint = z.infer<typeof progressPoint>;
/**
 * PUT /api/sessions/{id}/trials answers the row as stored; `superseded` when the save changed
 * nothing because the stored list is as new or newer (part 4 §1.5): the device shows the stored
 * trials and says so.
 */
export const savedTrials = /* @__PURE__ */ schema(() => z.extend(progressPoint, { superseded: z.optional(z.literal(true)) }));
export type SavedTrials = z.infer<typeof savedTrials>;
export const progressQuery = /* @__PURE__ */ schema(() =>
  z.object({ from: z.optional(isoDateTime), to: z.optional(isoDateTime), clientId: z.optional(id) }).check(z.superRefine(refineRange)),
);

// ---------- goals ----------
/** `met` (the stored enumeration's word) is accepted as `mastered`. */
export const goalStatusSchema = /* @__PURE__ */ schema(() =>
  z.pipe(z.transform((v: unknown) => (v === 'met' ? 'mastered' : v)), z.enum(goalStatuses)),
);

const optionalTargetDate = /* @__PURE__ */ schema(() =>
  optionalPreprocessed((v) => (v === '' || v === null ? undefined : v), isoDateTime),
);

export const goalFields = /* @__PURE__ */ schema(() =>
  z.object({
    name: requiredText(255, 'Goal name is required', 'Goal name', 'name'),
    type: z.enum(goalTypes, { error: 'Choose a goal type' }),
    description: requiredText(RICH_TEXT_MAX, 'Description is required', 'Description', 'free'),
    targetCriteria: requiredText(1000, 'Target criteria is required', 'Target criteria', 'free'),
    targetDate: optionalTargetDate,
    status: z.optional(goalStatusSchema),
    /** Where the student started (spec part 3 §3). */
    baseline: z.optional(baseline),
    ...criterionFields,
  }),
);
const criterionRule = /* @__PURE__ */ schema(() => z.refine<CriterionValues>(criterionComplete, { message: CRITERION_BOTH, path: ['criterionSessions'] }));
export const createGoalBody = /* @__PURE__ */ schema(() =>
  z.extend(goalFields, { clientId: id }).check(criterionRule),
);
export type CreateGoalInput = z.input<typeof createGoalBody>;
/** PUT /api/goals/{goalId}: a full edit (the criterion and baseline left out are cleared), or only {status} for the toggle. */
export const updateGoalBody = /* @__PURE__ */ schema(() =>
  z.union([z.strictObject({ status: goalStatusSchema }), goalFields.check(criterionRule)]),
);
export const goalIdParams = /* @__PURE__ */ schema(() =>
  z.object({ goalId: id }),
);
/** One client's goals: a caseload-wide list has no screen and would grow with the caseload. */
export const goalsQuery = /* @__PURE__ */ schema(() =>
  z.object({ clientId: z.pipe(z.string({ error: 'clientId is required' }), id) }),
);

export const goal = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    clientId: id,
    name: z.string(),
    type: z.enum(goalTypes),
    description: z.string(),
    targetCriteria: z.string(),
    targetDate: z.optional(isoDateTime),
    status: z.enum(goalStatuses),
    masteredDate: z.optional(isoDateTime),
    baseline: z.optional(baseline),
    criterionAccuracy: z.optional(z.number()),
    criterionSessions: z.optional(z.number()),
    criterionMaxCue: z.optional(z.enum(cueLevels)),
    /** Accuracy of the last session with data, a whole percent; absent without data. */
    recentAccuracy: z.optional(z.number()),
    /** The last `criterionSessions` sessions with data each reach `criterionAccuracy` (trials at or below `criterionMaxCue`). */
    criterionMet: z.boolean(),
    /**
     * Progress monitoring (spec part 4 §7; null for a goal without data). The goal list and a goal's
     * write answer it; the session page's goals (read while data is recorded) leave it out.
     */
    monitoring: z.optional(z.nullable(goalMonitoring)),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
);
export type Goal = z.infer<typeof goal>;
