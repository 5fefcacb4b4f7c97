/**
 * Signed session notes, co-signature for assistants, addenda, and the Medicaid service log. A
 * client's documentation of a session (its note, progress and trials) is signed as one record.
 */
import * as z from 'zod/mini';
import { assignedToSchema } from './caseload.ts';
import { id, isoDate, isoDateTime, optionalPreprocessed, schema, text } from './common.ts';
import { evaluationCodes, participantStatuses, roles, sessionTypes } from './enums.ts';
import { cueCounts } from './trials.ts';

/**
 * Part 4 §1.4: the one refusal of every change a signed note freezes (its note, progress and
 * trials; the session's time, type, provider and status; the signed participant's status; a delete).
 */
export const SIGNED_NOTE = 'This session has a signed note. Add an addendum instead.';
export const ALREADY_SIGNED = 'This session note is already signed';
export const NOT_SIGNED = 'Sign the session note first';
export const COSIGN_NOT_NEEDED = 'This session note does not need a co-signature';
export const ALREADY_COSIGNED = 'This session note is already co-signed';
export const COSIGN_OWN_NOTE = 'You cannot co-sign your own note';
/** Part 4 §1.4: who may sign and co-sign. */
export const NOT_COMPLETED = 'Only a completed session can be signed';
export const PROVIDER_ONLY = "Only the session's provider can sign this note";
export const SUPERVISOR_ONLY = 'Only a supervising SLP can co-sign this note';
export const NO_SUPERVISOR = 'Set a supervising SLP for this assistant first';
export const AWAITING_COSIGNATURE = 'Awaiting co-signature';
export const ADDENDUM_MAX = 5000;

export const signBody = /* @__PURE__ */ schema(() => z.object({ clientId: id }));
export const addendumBody = /* @__PURE__ */ schema(() =>
  z.object({
    clientId: id,
    text: text('free', 'Addendum text is required').check(
      z.trim(),
      z.minLength(1, 'Addendum text is required'),
      z.maxLength(ADDENDUM_MAX, `An addendum must be at most ${ADDENDUM_MAX} characters`),
    ),
  }),
);

/** Individual and group treatment, then the evaluation codes (part 4 §1.2). */
export const cptCodes = ['92507', '92508', ...evaluationCodes] as const;

/**
 * The service as it stood when the note was signed (part 4 §1.4), copied into the signature: the
 * service log, its CSV and the signed-note PDF read this, so later edits of the client (name,
 * ICD-10 codes) or of its goals never rewrite a signed line. Dates and times are wall-clock in
 * `timeZone`, the account's zone at signing.
 */
export const signatureFacts = /* @__PURE__ */ schema(() =>
  z.object({
    date: isoDate,
    /** HH:mm */
    start: z.string(),
    end: z.string(),
    timeZone: z.string(),
    minutes: z.number(),
    sessionType: z.enum(sessionTypes),
    providerId: id,
    provider: z.string(),
    providerRole: z.enum(roles),
    /** "Ana G." */
    student: z.string(),
    attendance: z.enum(participantStatuses),
    studentsPresent: z.number(),
    /** The billed code; null when this participation bills nothing (not present, consultation, meeting). */
    cpt: z.nullable(z.enum(cptCodes)),
    icd10Codes: z.array(z.string()),
    /** The client's goals with data in the session, in the goals' order. */
    goals: z.array(
      z.object({
        goalId: id,
        name: z.string(),
        successfulAttempts: z.number(),
        totalAttempts: z.number(),
        trials: z.optional(z.object({ independentCorrect: z.number(), cueCounts })),
      }),
    ),
  }),
);
export type SignatureFacts = z.infer<typeof signatureFacts>;

/** A signature or co-signature; only the signature carries `facts` (absent on notes signed before they were copied and not yet migrated). */
export const signature = /* @__PURE__ */ schema(() =>
  z.object({ userId: id, name: z.string(), role: z.enum(roles), at: isoDateTime, facts: z.optional(signatureFacts) }),
);
export type Signature = z.infer<typeof signature>;
export const addendum = /* @__PURE__ */ schema(() => z.object({ text: z.string(), userId: id, name: z.string(), at: isoDateTime }));
export type Addendum = z.infer<typeof addendum>;

// ---------- the service log ----------
const blankQuery = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const flag = (v: unknown) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v);

export const MAX_SERVICE_LOG_DAYS = 366;
/** `from`/`to` are dates in the account's time zone, both included (absent: this month so far). */
export const serviceLogQuery = /* @__PURE__ */ schema(() =>
  z
    .object({
      from: optionalPreprocessed(blankQuery, isoDate),
      to: optionalPreprocessed(blankQuery, isoDate),
      /** Whose sessions: the caller's as provider ('me', the default), everyone's ('all'), or one provider's. */
      assignedTo: z._default(assignedToSchema, 'me'),
      medicaidOnly: z._default(z.pipe(z.transform(flag), z.boolean({ error: 'medicaidOnly must be true or false' })), false),
      unsignedOnly: z._default(z.pipe(z.transform(flag), z.boolean({ error: 'unsignedOnly must be true or false' })), false),
    })
    .check(
      z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] }),
      z.refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_SERVICE_LOG_DAYS, {
        message: `The date range can be at most ${MAX_SERVICE_LOG_DAYS} days`,
        path: ['to'],
      }),
    ),
);
export type ServiceLogQuery = z.input<typeof serviceLogQuery>;

export const cosignedStates = ['yes', 'no', 'not_needed'] as const;

/** One present participation in a completed session. */
export const serviceLogLine = /* @__PURE__ */ schema(() =>
  z.object({
    sessionId: id,
    clientId: id,
    date: isoDate,
    student: z.string(),
    providerId: id,
    provider: z.string(),
    role: z.enum(roles),
    /** Wall-clock start and end (HH:mm) in the account's time zone. */
    start: z.string(),
    end: z.string(),
    minutes: z.number(),
    groupSize: z.number(),
    cpt: z.enum(cptCodes),
    icd10Codes: z.array(z.string()),
    sessionType: z.enum(sessionTypes),
    medicaidEligible: z.boolean(),
    signed: z.boolean(),
    cosigned: z.enum(cosignedStates),
  }),
);
export type ServiceLogLine = z.infer<typeof serviceLogLine>;
export const SERVICE_LOG_CSV_HEADER = 'Date,Student,Provider,Role,Start,End,Minutes,Group Size,CPT,ICD-10,Session Type,Signed,Co-signed';

// ---------- what awaits signatures (the dashboard) ----------
export const pendingNote = /* @__PURE__ */ schema(() =>
  z.object({ sessionId: id, clientId: id, student: z.string(), scheduledAt: isoDateTime, signedBy: z.optional(z.string()) }),
);
export type PendingNote = z.infer<typeof pendingNote>;
export const pendingSignatures = /* @__PURE__ */ schema(() =>
  z.object({
    /** Notes signed by an assistant the current SLP supervises, not yet co-signed (empty for other roles). */
    awaitingMyCosignature: z.array(pendingNote),
    /** The user's own completed sessions' notes, unsigned more than two school days after the session. */
    myUnsigned: z.array(pendingNote),
  }),
);
export type PendingSignatures = z.infer<typeof pendingSignatures>;
export const sessionClientParams = /* @__PURE__ */ schema(() => z.object({ id, clientId: id }));
