import * as z from 'zod';
import { id, isoDateTime, requiredText, text } from './common.ts';
import { goalStatuses, goalTypes, gradeLevels, participantStatuses, sessionStatuses, sessionTypes } from './enums.ts';

export const DURATION_MIN = 5;
export const DURATION_MAX = 240;
export const RICH_TEXT_MAX = 100_000;

export const durationSchema = z
  .number({ error: 'Duration must be a number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(DURATION_MIN, `Duration must be at least ${DURATION_MIN} minutes`)
  .max(DURATION_MAX, `Duration must be at most ${DURATION_MAX} minutes`);

export const scheduleSessionBody = z.object({
  type: z.enum(sessionTypes).default('therapy'),
  clientIds: z
    .array(id, { error: 'Please select at least one client' })
    .min(1, 'Please select at least one client')
    .max(30, 'A session can have at most 30 clients')
    .refine((ids) => new Set(ids).size === ids.length, 'A client can be chosen only once'),
  scheduledAt: z.string({ error: 'Please select a date and time' }).min(1, 'Please select a date and time').pipe(isoDateTime),
  duration: durationSchema.default(30),
  notes: text('free').max(5000, 'Notes must be at most 5000 characters').optional(),
});
export type ScheduleSessionInput = z.input<typeof scheduleSessionBody>;

export const updateSessionBody = scheduleSessionBody.extend({ status: z.enum(sessionStatuses, { error: 'Status is required' }) });
export type UpdateSessionInput = z.input<typeof updateSessionBody>;

/** The longest period one list request may cover (a school year and then some). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** `from`/`to` are a half-open period [from, to), compared as instants (offsets may differ). */
function refineRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  const span = Date.parse(q.to) - Date.parse(q.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', message: 'from must be before to', path: ['to'] });
  else if (span > MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', message: `The date range can be at most ${MAX_RANGE_DAYS} days`, path: ['to'] });
}

export const sessionsQuery = z.object({ from: isoDateTime.optional(), to: isoDateTime.optional() }).superRefine(refineRange);

export const participantClient = z.object({
  id,
  firstName: z.string(),
  lastInitial: z.string(),
  gradeLevel: z.enum(gradeLevels).optional(),
  diagnosis: z.string().optional(),
});
export const session = z.object({
  id,
  type: z.enum(sessionTypes),
  status: z.enum(sessionStatuses),
  scheduledAt: isoDateTime,
  duration: z.number(),
  notes: z.string().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  participants: z.array(participantClient.pick({ id: true, firstName: true, lastInitial: true })),
  sessionParticipants: z.array(z.object({ clientId: id, client: participantClient, status: z.enum(participantStatuses) })),
  /** The first participant, for lists that show one name (the dashboard). */
  client: participantClient.pick({ id: true, firstName: true, lastInitial: true }).optional(),
});
export type Session = z.infer<typeof session>;

export const sessionIdParams = z.object({ id });
export const participantParams = z.object({ id, clientId: id });
export const addParticipantBody = z.object({ clientId: id, status: z.enum(participantStatuses).default('scheduled') });
export const updateParticipantBody = z.object({ status: z.enum(participantStatuses, { error: 'Choose a status' }) });

// ---------- documentation (autosave targets) ----------
export const sessionNoteBody = z.object({
  clientId: id,
  notes: text('free').max(RICH_TEXT_MAX, 'Notes are too long'),
});
export const sessionNote = z.object({ clientId: id, notes: z.string(), updatedAt: isoDateTime });
export type SessionNote = z.infer<typeof sessionNote>;

export const progressBody = z
  .object({
    goalId: id,
    successfulAttempts: z
      .number({ error: 'Successful attempts must be a number' })
      .int('Successful attempts must be a whole number')
      .min(0, 'Successful attempts must be at least 0')
      .max(10_000, 'Successful attempts must be at most 10000'),
    totalAttempts: z
      .number({ error: 'Total attempts must be a number' })
      .int('Total attempts must be a whole number')
      .min(1, 'Total attempts must be at least 1')
      .max(10_000, 'Total attempts must be at most 10000'),
    notes: text('free').max(RICH_TEXT_MAX, 'Notes are too long').optional(),
  })
  .refine((v) => v.successfulAttempts <= v.totalAttempts, {
    message: 'Successful attempts cannot exceed total attempts',
    path: ['successfulAttempts'],
  });
export const progressPoint = z.object({
  id: z.string(),
  goalId: id,
  clientId: id,
  sessionId: id,
  successfulAttempts: z.number(),
  totalAttempts: z.number(),
  notes: z.string().optional(),
  recordedAt: isoDateTime,
});
export type ProgressPoint = z.infer<typeof progressPoint>;
export const progressQuery = z.object({ from: isoDateTime.optional(), to: isoDateTime.optional(), clientId: id.optional() }).superRefine(refineRange);

// ---------- goals ----------
/** `met` (the stored enumeration's word) is accepted as `mastered`. */
export const goalStatusSchema = z.preprocess((v) => (v === 'met' ? 'mastered' : v), z.enum(goalStatuses));

const optionalTargetDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDateTime.optional());

export const goalFields = z.object({
  name: requiredText(255, 'Goal name is required', 'Goal name'),
  type: z.enum(goalTypes, { error: 'Choose a goal type' }),
  description: requiredText(RICH_TEXT_MAX, 'Description is required', 'Description', 'free'),
  targetCriteria: requiredText(1000, 'Target criteria is required', 'Target criteria', 'free'),
  targetDate: optionalTargetDate,
  status: goalStatusSchema.optional(),
});
export const createGoalBody = goalFields.extend({ clientId: id });
export type CreateGoalInput = z.input<typeof createGoalBody>;
/** PUT /api/goals/{goalId}: a full edit, or only {status} for the toggle. */
export const updateGoalBody = z.union([z.object({ status: goalStatusSchema }).strict(), goalFields]);
export const goalIdParams = z.object({ goalId: id });
/** One client's goals: a caseload-wide list has no screen and would grow with the caseload. */
export const goalsQuery = z.object({ clientId: z.string({ error: 'clientId is required' }).pipe(id) });

export const goal = z.object({
  id,
  clientId: id,
  name: z.string(),
  type: z.enum(goalTypes),
  description: z.string(),
  targetCriteria: z.string(),
  targetDate: isoDateTime.optional(),
  status: z.enum(goalStatuses),
  masteredDate: isoDateTime.optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Goal = z.infer<typeof goal>;
