import * as z from 'zod/mini';
import { emailSchema, firstNameSchema, lastNameSchema, passwordSchema, permissionsSchema } from './auth.ts';
import { id, isoDateTime, optionalPreprocessed, optionalText, requiredText, schema } from './common.ts';
import { clientStatuses, gradeLevels, organizationTypes, permissionDefaults, roles, userTypes } from './enums.ts';
import { NOT_A_REPORT_LANGUAGE, reportLanguages } from './report-languages.ts';

// ---------- organizations ----------
export const organizationInput = /* @__PURE__ */ schema(() =>
  z.object({
    name: requiredText(255, 'Organization name is required', 'Organization name', 'name'),
    type: z._default(z.enum(organizationTypes), 'school'),
    address: optionalText(500, 'Address', 'free'),
    phone: optionalText(20, 'Phone'),
    contactPerson: optionalText(255, 'Contact person'),
  }),
);
export type OrganizationInput = z.input<typeof organizationInput>;

export const organization = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    name: z.string(),
    type: z.enum(organizationTypes),
    address: z.optional(z.string()),
    phone: z.optional(z.string()),
    contactPerson: z.optional(z.string()),
    /** A school imported from the district's roster: its SIS identifier. */
    schoolNumber: z.optional(z.string()),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    stats: z.object({ activeClients: z.number(), sessionsThisMonth: z.number(), activeGoals: z.number() }),
  }),
);
export type Organization = z.infer<typeof organization>;

// ---------- clients ----------
/** At most this many clinicians serve one client (each assignment is written in the client's transaction). */
export const MAX_CLINICIANS = 10;
export const CLINICIAN_MESSAGE = "Choose an active clinician who can see this client's organization";
const blankToUndefined = (v: unknown) => (v === '' || v === 'none' || v === null ? undefined : v);

/**
 * One letter, stored upper-case. A letter whose upper case is two letters (ß → SS) keeps its own form.
 * Overwrites rather than transforms keep this a plain string schema (forms and JSON Schema see a
 * string); each failing step aborts so one input gets one message.
 */
export const lastInitialSchema = /* @__PURE__ */ schema(() =>
  z.string({ error: 'Last initial is required' }).check(
    z.trim(),
    z.minLength(1, { message: 'Last initial is required', abort: true }),
    z.overwrite((v) => v.normalize('NFC')),
    z.refine((v) => [...v].length <= 1, { message: 'Must be exactly one character', abort: true }),
    z.refine((v) => /^\p{L}$/u.test(v), 'Last initial must be a letter'),
    z.overwrite((v) => {
      const upper = v.toUpperCase();
      return [...upper].length === 1 ? upper : v;
    }),
  ),
);

export const sessionFrequencySchema = /* @__PURE__ */ schema(() =>
  optionalPreprocessed(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      if (typeof v === 'string') return /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : undefined;
      if (typeof v === 'number' && Number.isNaN(v)) return undefined;
      return v;
    },
    z.number({ error: 'Must be a number' }).check(z.int('Must be a whole number'), z.gte(1, 'Must be at least 1'), z.lte(10, 'Must be at most 10')),
  ),
);

/** ICD-10-CM code: a letter, a digit, a digit or A/B, then optionally a dot and one to four more (F80.0, F80.89, R47.1, U07.1). */
export const ICD10_PATTERN = /^[A-Z][0-9][0-9AB](\.[0-9A-Z]{1,4})?$/;
export const INVALID_ICD10 = 'Enter a valid ICD-10 code';
export const MAX_ICD10_CODES = 5;
export const icd10CodesSchema = /* @__PURE__ */ schema(() =>
  z._default(
    z.array(z.pipe(z.string({ error: INVALID_ICD10 }).check(z.trim(), z.toUpperCase()), z.string().check(z.regex(ICD10_PATTERN, INVALID_ICD10)))).check(
      z.maxLength(MAX_ICD10_CODES, `At most ${MAX_ICD10_CODES} ICD-10 codes`),
      z.refine((codes) => new Set(codes).size === codes.length, 'An ICD-10 code can be entered only once'),
    ),
    [],
  ),
);

export const clientInput = /* @__PURE__ */ schema(() =>
  z.object({
    firstName: firstNameSchema,
    lastInitial: lastInitialSchema,
    organizationId: optionalPreprocessed(blankToUndefined, id),
    gradeLevel: optionalPreprocessed(blankToUndefined, z.enum(gradeLevels, { error: 'Choose a grade level' })),
    sessionFrequency: sessionFrequencySchema,
    teacher: optionalText(255, 'Teacher/Classroom', 'name'),
    diagnosis: optionalText(2000, 'Diagnosis/Goals Summary', 'free'),
    /** Diagnosis codes for the Medicaid service log (absent: none). */
    icd10Codes: icd10CodesSchema,
    medicaidEligible: z._default(z.boolean({ error: 'Medicaid eligibility must be yes or no' }), false),
    /** The language the family reads reports in (part 4 §6); absent: English. */
    homeLanguage: optionalPreprocessed(blankToUndefined, z.enum(reportLanguages, { error: NOT_A_REPORT_LANGUAGE })),
    status: z._default(z.enum(clientStatuses), 'active'),
    /** The users who serve the client. Absent on create: the creating user; absent on update: unchanged. */
    clinicianIds: z.optional(
      z.array(id).check(
        z.maxLength(MAX_CLINICIANS, 'A client can have at most 10 clinicians'),
        z.refine((ids) => new Set(ids).size === ids.length, 'A clinician can be chosen only once'),
      ),
    ),
  }),
);
export type ClientInput = z.input<typeof clientInput>;
/**
 * A new client: the form, or a district roster entry (part 4 §3). With `rosterEntryId` the name,
 * grade and school come from the entry (the file is the truth), whatever the form sent.
 */
export const createClientBody = /* @__PURE__ */ schema(() => z.extend(clientInput, { rosterEntryId: optionalPreprocessed(blankToUndefined, id) }));
export type CreateClientInput = z.input<typeof createClientBody>;

export const client = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    organizationId: z.optional(id),
    firstName: z.string(),
    lastInitial: z.string(),
    gradeLevel: z.optional(z.enum(gradeLevels)),
    sessionFrequency: z.optional(z.number()),
    teacher: z.optional(z.string()),
    diagnosis: z.optional(z.string()),
    icd10Codes: z.array(z.string()),
    medicaidEligible: z.boolean(),
    homeLanguage: z.optional(z.enum(reportLanguages)),
    status: z.enum(clientStatuses),
    clinicianIds: z.array(id),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
);
export type Client = z.infer<typeof client>;

/** `me`, `all` or a user id: whose caseload a list shows. */
export const assignedToSchema = /* @__PURE__ */ schema(() =>
  z.union([z.enum(['me', 'all']), id], { error: 'assignedTo must be me, all or a user id' }),
);

export const MAX_PAGE_SIZE = 200;
const blankQuery = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const clientsQuery = /* @__PURE__ */ schema(() =>
  z.object({
    assignedTo: z._default(assignedToSchema, 'all'),
    status: optionalPreprocessed(blankQuery, z.enum(clientStatuses, { error: 'Choose a client status' })),
    organizationId: optionalPreprocessed(blankQuery, id),
    gradeLevel: optionalPreprocessed(blankQuery, z.enum(gradeLevels, { error: 'Choose a grade level' })),
    /** A case-insensitive prefix of the first name, or of "First L". */
    search: optionalPreprocessed(blankQuery, z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
    limit: optionalPreprocessed(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : blankQuery(v)),
      z.number({ error: 'Limit must be a whole number' }).check(
        z.int('Limit must be a whole number'),
        z.gte(1, `Limit must be between 1 and ${MAX_PAGE_SIZE}`),
        z.lte(MAX_PAGE_SIZE, `Limit must be between 1 and ${MAX_PAGE_SIZE}`),
      ),
    ),
    cursor: optionalPreprocessed(blankQuery, z.string().check(z.maxLength(2048, 'Invalid cursor'))),
  }),
);
export type ClientsQuery = z.input<typeof clientsQuery>;

/** One page of clients; `nextCursor` is absent on the last page. */
export const clientPage = /* @__PURE__ */ schema(() =>
  z.object({ items: z.array(client), nextCursor: z.optional(z.string()) }),
);
export type ClientPage = z.infer<typeof clientPage>;

// ---------- clinicians (the options of the "Clinicians" pick lists) ----------
export const cliniciansQuery = /* @__PURE__ */ schema(() =>
  z.object({ organizationId: optionalPreprocessed(blankQuery, id) }),
);
export const clinician = /* @__PURE__ */ schema(() =>
  z.object({ id, firstName: z.string(), lastName: z.string(), role: z.enum(roles) }),
);
export type Clinician = z.infer<typeof clinician>;

// ---------- users ----------
const flagInputShape = Object.fromEntries(
  Object.entries(permissionDefaults).map(([k, v]) => [k, z._default(z.boolean(), v)]),
) as { [K in keyof typeof permissionDefaults]: z.ZodMiniDefault<z.ZodMiniBoolean> };

/** Permissions as a form sends them: omitted flags take the defaults for a new child user (view progress notes and reports only). */
export const permissionsInput = /* @__PURE__ */ schema(() =>
  z.object({
    ...flagInputShape,
    allowedOrganizationIds: z._default(z.array(id).check(z.maxLength(500)), []),
  }),
);
export type PermissionsInput = z.input<typeof permissionsInput>;

export const createUserBody = /* @__PURE__ */ schema(() =>
  z.object({
    user: z.object({
      firstName: firstNameSchema,
      lastName: lastNameSchema,
      email: emailSchema,
      password: passwordSchema,
      role: z._default(z.enum(roles), 'slp'),
    }),
    permissions: z._default(permissionsInput, permissionsInput.parse({})),
  }),
);
export const updateUserStatusBody = /* @__PURE__ */ schema(() =>
  z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) }),
);
export const userIdParams = /* @__PURE__ */ schema(() =>
  z.object({ userId: id }),
);

export const MAX_SUPERVISORS = 3;
export const SUPERVISORS_MESSAGE = 'Supervisors must be SLPs of this district';
export const NOT_AN_ASSISTANT_MESSAGE = 'Only an assistant has supervising SLPs';
/**
 * PUT /api/users/{userId}/supervisors: the 1–3 SLPs of the account who may co-sign the assistant's
 * notes. Every wrong shape answers the one message (part 4 §1.4); who the ids name is checked inside
 * the write.
 */
export const supervisorsBody = /* @__PURE__ */ schema(() =>
  z.object({
    supervisorIds: z
      .array(z.uuid({ error: SUPERVISORS_MESSAGE }), { error: SUPERVISORS_MESSAGE })
      .check(
        z.minLength(1, SUPERVISORS_MESSAGE),
        z.maxLength(MAX_SUPERVISORS, SUPERVISORS_MESSAGE),
        z.refine((ids) => new Set(ids).size === ids.length, SUPERVISORS_MESSAGE),
      ),
  }, { error: SUPERVISORS_MESSAGE }),
);
export type SupervisorsInput = z.input<typeof supervisorsBody>;

export const managedUser = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(roles),
    userType: z.enum(userTypes),
    isActive: z.boolean(),
    parentUserId: z.optional(id),
    createdAt: isoDateTime,
    permissions: permissionsSchema,
    /** An assistant's supervising SLPs (`[]` until set); absent for other roles. */
    supervisorIds: z.optional(z.array(id)),
    /** Imported with the district (part 4 §5) and without a password until the owner sets one. */
    awaitingPassword: z.optional(z.boolean()),
  }),
);
export type ManagedUser = z.infer<typeof managedUser>;

// ---------- dashboard and activity ----------
export const dashboardStats = /* @__PURE__ */ schema(() =>
  z.object({
    totalClients: z.number(),
    weekSessions: z.number(),
    activeGoals: z.number(),
    /** Active goals whose monitoring status is at risk (spec part 4 §7), of the students in the same scope. */
    goalsAtRisk: z.number(),
    /** Completed ÷ due so far this week; null when nothing was due yet. */
    completionRate: z.nullable(z.number()),
    trends: z.object({
      clientsAddedThisMonth: z.number(),
      lastWeekSessions: z.number(),
      sessionsDueThisWeek: z.number(),
      goalsMasteredThisMonth: z.number(),
    }),
  }),
);
export type DashboardStats = z.infer<typeof dashboardStats>;

/** GET /api/dashboard/goals-at-risk: the students behind the dashboard's 'Goals at risk', in the same scope. */
export const goalsAtRiskQuery = /* @__PURE__ */ schema(() => z.object({ assignedTo: z._default(z.enum(['me', 'all']), 'all') }));
export const studentGoalsAtRisk = /* @__PURE__ */ schema(() => z.object({ clientId: id, clientName: z.string(), goalsAtRisk: z.number() }));
export type StudentGoalsAtRisk = z.infer<typeof studentGoalsAtRisk>;

/** The user's local Monday 00:00, so "this week" follows the user's time zone. */
export const dashboardStatsQuery = /* @__PURE__ */ schema(() =>
  z.object({ weekStart: z.optional(isoDateTime), assignedTo: z._default(z.enum(['me', 'all']), 'all') }),
);

/**
 * `kind`: 'work' (the default) is clinical and administrative actions; 'sign-ins' is signing in and
 * out and failed sign-in attempts (password or two-factor code); 'all' is both.
 */
export const activityKinds = ['work', 'sign-ins', 'all'] as const;
export type ActivityKind = (typeof activityKinds)[number];
export const activitiesQuery = /* @__PURE__ */ schema(() =>
  z.object({
    scope: z._default(z.enum(['account', 'mine']), 'account'),
    kind: z._default(z.enum(activityKinds, { error: 'kind must be work, sign-ins or all' }), 'work'),
  }),
);
export const activity = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    at: isoDateTime,
    action: z.string(),
    summary: z.string(),
    actorName: z.string(),
  }),
);
export type Activity = z.infer<typeof activity>;
