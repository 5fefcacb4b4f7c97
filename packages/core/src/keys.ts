/**
 * Key builders for the single table: pure functions, one per item kind. Every tenant item's
 * partition key, on the table and on every index, starts with `ACCT#<accountId>`.
 */
import { createHash } from 'node:crypto';

const ACCT = 'ACCT#';
const GOAL = 'GOAL#';
const PROG = 'PROG#';
const PNOTE = 'PNOTE#';
const NOTE = 'NOTE#';
const LSESS = 'LSESS#';
const COUNTERS = 'COUNTERS#';
const CLIENT = 'CLIENT#';
const IEPS = 'IEPS';
const DAY = 'DAY#';
const MAKEUP = 'MAKEUP#';
const GTPL = 'GTPL#';
const NPERIODS = 'NPERIODS#';
const RIMPORT = 'RIMPORT#';
const ROSTER = 'ROSTER#';

export const acct = (accountId: string) => `${ACCT}${accountId}`;

export const normalizeEmail = (email: string) => email.trim().normalize('NFKC').toLowerCase();

/**
 * A name as the name keys store and search it: compatibility-decomposed (NFKD), accents and other
 * combining marks dropped, lower-case, single spaces, trimmed ("José  R" → "jose r").
 */
export const normalizeName = (name: string) =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * An organization's name as its uniqueness guard stores it: case-insensitive (compatibility-folded,
 * lower-case), single spaces, trimmed ("  North  High " and "north high" are one name). Accents
 * stay: "José" and "Jose" may be different schools.
 */
export const normalizeOrganizationName = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** A client's place in every name-ordered key: `CLIENT#<first name> <last initial>#<id>`, normalized. */
export const clientNameSortKey = (firstName: string, lastInitial: string, clientId: string) =>
  `${CLIENT}${normalizeName(`${firstName} ${lastInitial}`)}#${clientId}`;

export const keys = {
  account: (accountId: string) => ({ PK: acct(accountId), SK: 'ACCOUNT' }),
  user: (accountId: string, userId: string) => ({ PK: acct(accountId), SK: `USER#${userId}` }),
  userPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: 'USER#' }),
  email: (email: string) => ({ PK: `EMAIL#${normalizeEmail(email)}`, SK: 'EMAIL' }),
  loginSession: (tokenHash: string) => ({ PK: `${LSESS}${tokenHash}`, SK: 'LSESS' }),
  /**
   * GSI1 partition of the login sessions written before sessions carried their user's access
   * (they have no reference below); such sessions end within 12 hours of that change.
   */
  loginSessionsOfUser: (accountId: string, userId: string) => ({ GSI1PK: `${acct(accountId)}#USER#${userId}#LSESS` }),
  /**
   * A user's reference to one of its login sessions, written in the session's transaction: the
   * user's sessions are one consistent Query on the table (an index could miss a session created
   * a moment before an access change).
   */
  loginSessionRef: (accountId: string, userId: string, tokenHash: string) => ({ PK: `${acct(accountId)}#USER#${userId}#LSESS`, SK: `${LSESS}${tokenHash}` }),
  loginSessionRefs: (accountId: string, userId: string) => `${acct(accountId)}#USER#${userId}#LSESS`,
  /** The account's single sign-on settings (part 4 §4): one item, the client secret sealed in it. */
  ssoConfig: (accountId: string) => ({ PK: acct(accountId), SK: 'SSO' }),
  /**
   * The claim of an e-mail domain by one account's SSO: global (the login page knows only the
   * e-mail), written conditionally in the settings' transaction so two accounts racing for a
   * domain cannot both win, and deleted with it when the domain is dropped.
   */
  ssoDomain: (domain: string) => ({ PK: `SSODOMAIN#${domain.trim().toLowerCase()}`, SK: 'SSODOMAIN' }),
  loginAttempts: (email: string) => ({ PK: `LOGIN#${normalizeEmail(email)}`, SK: 'ATTEMPTS' }),
  /** Wrong passwords of one signed-in user confirming a change (2FA disable, re-key): not the sign-in lockout. */
  reauthAttempts: (accountId: string, userId: string) => ({ PK: acct(accountId), SK: `REAUTH#${userId}` }),
  /** Wrong 2FA codes of one user in the current window, whatever sign-ins they came from. */
  twoFactorFailures: (accountId: string, userId: string) => ({ PK: acct(accountId), SK: `TFAFAIL#${userId}` }),
  trustedDevice: (accountId: string, userId: string, deviceId: string) => ({ PK: acct(accountId), SK: `DEVICE#${userId}#${deviceId}` }),
  trustedDevicePrefix: (accountId: string, userId: string) => ({ PK: acct(accountId), SKPrefix: `DEVICE#${userId}#` }),
  trustedDeviceToken: (tokenHash: string) => ({ PK: `TDEV#${tokenHash}`, SK: 'TDEV' }),
  organization: (accountId: string, orgId: string) => ({ PK: acct(accountId), SK: `ORG#${orgId}` }),
  organizationPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: 'ORG#' }),
  /**
   * The uniqueness guard of a live organization's name in its account: written in the same
   * transaction as the create or rename (attribute_not_exists), moved by a rename, released by the
   * archive. `ORGNAME#` is outside the `ORG#` prefix, so organization listings never read it.
   */
  organizationName: (accountId: string, name: string) => ({ PK: acct(accountId), SK: `ORGNAME#${normalizeOrganizationName(name)}` }),
  client: (accountId: string, clientId: string) => ({ PK: acct(accountId), SK: `${CLIENT}${clientId}` }),
  clientPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: CLIENT }),
  /**
   * Index keys of a live (not archived) client, so name-ordered lists and name search are prefix
   * Queries: GSI1 orders the whole tenant by name, GSI2 each organization's clients by name (a
   * client without an organization has no GSI2 keys: only users with every organization see it).
   */
  clientByName: (accountId: string, organizationId: string | undefined, nameSortKey: string) => ({
    GSI1PK: `${acct(accountId)}#CLIENTNAME`,
    GSI1SK: nameSortKey,
    ...(organizationId ? { GSI2PK: `${acct(accountId)}#ORG#${organizationId}#CLIENTNAME`, GSI2SK: nameSortKey } : {}),
  }),
  clientsByName: (accountId: string) => `${acct(accountId)}#CLIENTNAME`,
  organizationClientsByName: (accountId: string, organizationId: string) => `${acct(accountId)}#ORG#${organizationId}#CLIENTNAME`,
  /**
   * One clinician's assignment to one client (adjacency item), carrying the client's list answer:
   * a clinician's caseload page is one Query of its partition, in name order.
   */
  caseloadEntry: (accountId: string, userId: string, nameSortKey: string) => ({ PK: `${acct(accountId)}#CLIN#${userId}`, SK: nameSortKey }),
  caseload: (accountId: string, userId: string) => `${acct(accountId)}#CLIN#${userId}`,
  /** GSI1 partition holding a client's goals, progress rows and progress notes. */
  clientChildren: (accountId: string, clientId: string) => `${acct(accountId)}#CLIENT#${clientId}`,
  goal: (accountId: string, goalId: string) => ({ PK: acct(accountId), SK: `${GOAL}${goalId}` }),
  goalIndex: (accountId: string, clientId: string, goalId: string) => ({
    GSI1PK: `${acct(accountId)}#CLIENT#${clientId}`,
    GSI1SK: `${GOAL}${goalId}`,
  }),
  session: (accountId: string, sessionId: string) => ({ PK: acct(accountId), SK: `SESSION#${sessionId}` }),
  sessionIndex: (accountId: string, scheduledAt: string, sessionId: string) => ({
    GSI2PK: `${acct(accountId)}#SESSION`,
    GSI2SK: `${scheduledAt}#${sessionId}`,
  }),
  sessionsByTime: (accountId: string) => `${acct(accountId)}#SESSION`,
  /** GSI1 of a session: its provider's sessions by time, so one provider's week is one Query. */
  sessionProviderIndex: (accountId: string, providerId: string, scheduledAt: string, sessionId: string) => ({
    GSI1PK: `${acct(accountId)}#PROV#${providerId}`,
    GSI1SK: `${scheduledAt}#${sessionId}`,
  }),
  sessionsOfProvider: (accountId: string, providerId: string) => `${acct(accountId)}#PROV#${providerId}`,
  /** Partition holding one session's documentation: notes per client and progress per goal. */
  sessionDocs: (accountId: string, sessionId: string) => `${acct(accountId)}#SESSION#${sessionId}`,
  sessionNote: (accountId: string, sessionId: string, clientId: string) => ({
    PK: `${acct(accountId)}#SESSION#${sessionId}`,
    SK: `${NOTE}${clientId}`,
  }),
  /**
   * GSI1 of a session note signed by an assistant, until an SLP co-signs it (the co-signature
   * removes it): the account's notes awaiting co-signature, oldest signature first, one Query.
   */
  awaitingCosignatureIndex: (accountId: string, signedAt: string, sessionId: string, clientId: string) => ({
    GSI1PK: `${acct(accountId)}#COSIGN`,
    GSI1SK: `${signedAt}#${sessionId}#${clientId}`,
  }),
  awaitingCosignature: (accountId: string) => `${acct(accountId)}#COSIGN`,
  progress: (accountId: string, sessionId: string, goalId: string) => ({
    PK: `${acct(accountId)}#SESSION#${sessionId}`,
    SK: `${PROG}${goalId}`,
  }),
  progressIndex: (accountId: string, clientId: string, sessionId: string, goalId: string, recordedAt: string) => ({
    GSI1PK: `${acct(accountId)}#CLIENT#${clientId}`,
    GSI1SK: `${PROG}${recordedAt}#${goalId}`,
    GSI2PK: `${acct(accountId)}#PROG`,
    GSI2SK: `${recordedAt}#${sessionId}#${goalId}`,
  }),
  progressByTime: (accountId: string) => `${acct(accountId)}#PROG`,
  /** Sparse GSI2 keys of a client's counter item while it has goals at risk (core/monitoring/summary.ts): the district's list of them. */
  goalsAtRiskIndex: (accountId: string, clientId: string) => ({ GSI2PK: `${acct(accountId)}#ATRISK`, GSI2SK: clientId }),
  goalsAtRiskByClient: (accountId: string) => `${acct(accountId)}#ATRISK`,
  progressNote: (accountId: string, noteId: string) => ({ PK: acct(accountId), SK: `${PNOTE}${noteId}` }),
  progressNoteIndex: (accountId: string, clientId: string, createdAt: string, noteId: string) => ({
    GSI1PK: `${acct(accountId)}#CLIENT#${clientId}`,
    GSI1SK: `${PNOTE}${createdAt}#${noteId}`,
    GSI2PK: `${acct(accountId)}#PNOTE`,
    GSI2SK: `${createdAt}#${noteId}`,
  }),
  notesByTime: (accountId: string) => `${acct(accountId)}#PNOTE`,
  /**
   * Partition of a delivered note's parent report (notes/delivered-report.ts): what it showed at
   * delivery (`INPUT#…`) and, from its first download, its PDF (`PDF#…`), each gzip-compressed and
   * cut into numbered parts, read back in sort-key order by one Query.
   */
  deliveredReport: (accountId: string, noteId: string) => `${acct(accountId)}#REPORT#${noteId}`,
  deliveredReportPart: (accountId: string, noteId: string, kind: 'INPUT' | 'PDF', index: number) => ({
    PK: `${acct(accountId)}#REPORT#${noteId}`,
    SK: `${kind}#${String(index).padStart(4, '0')}`,
  }),
  /** The period guard of notes stored before `notePeriods`: no longer written, deleted with its note. */
  progressNotePeriod: (accountId: string, clientId: string, start: string, end: string) => ({
    PK: acct(accountId),
    SK: `PNOTEPERIOD#${clientId}#${start}#${end}`,
  }),
  /**
   * The periods of all of a client's progress notes in one item with a version: "one note per
   * client and period" and "no overlapping notes" are conditions on it, written with the note. The
   * account partition holds them side by side, so the missing-notes list reads them in one Query.
   */
  notePeriods: (accountId: string, clientId: string) => ({ PK: acct(accountId), SK: `${NPERIODS}${clientId}` }),
  notePeriodsPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: NPERIODS }),
  /** The account's reporting periods (one item, replaced whole under its version). */
  reportingPeriods: (accountId: string) => ({ PK: acct(accountId), SK: 'RPERIODS' }),
  bulkJob: (accountId: string, jobId: string) => ({ PK: acct(accountId), SK: `JOB#${jobId}` }),
  /** A background job cancelling the sessions of newly closed days (part 4 §1.5), under its account. */
  closedDaysJob: (accountId: string, jobId: string) => ({ PK: acct(accountId), SK: `CDJOB#${jobId}` }),
  /** A whole-district file export (part 4 §9), under its account. */
  exportJob: (accountId: string, jobId: string) => ({ PK: acct(accountId), SK: `EXPJOB#${jobId}` }),
  /** A spent one-time local download link of an export (exports/local-download.ts), by its token's hash. */
  exportDownload: (accountId: string, tokenHash: string) => ({ PK: acct(accountId), SK: `EXPDL#${tokenHash}` }),
  audit: (accountId: string, at: string, eventId: string) => ({ PK: `${acct(accountId)}#AUDIT`, SK: `${at}#${eventId}` }),
  auditPartition: (accountId: string) => `${acct(accountId)}#AUDIT`,
  /** GSI1 of an audit event: one actor's events, newest last, so "my activity" is one Query. */
  auditByActor: (accountId: string, actorId: string, at: string, eventId: string) => ({ GSI1PK: `${acct(accountId)}#AUDIT#ACTOR#${actorId}`, GSI1SK: `${at}#${eventId}` }),
  auditOfActor: (accountId: string, actorId: string) => `${acct(accountId)}#AUDIT#ACTOR#${actorId}`,
  /** Partition of the remembered answers to creates sent with an Idempotency-Key (Powertools writes them). */
  idempotencyPartition: (accountId: string) => `${acct(accountId)}#IDEMPOTENCY`,
  /**
   * A client's service-minutes partition: its IEPs (one item, `IEPS`), one item per session it
   * attended (`DAY#<yyyy-mm-dd>#<sessionId>`: present in a completed session, written in the
   * transaction of the session change that moves it) and its canceled participations owed a make-up
   * (`MAKEUP#<sessionId>`). The minutes of one student are one Query of it, whatever the district's size.
   */
  clientMinutes: (accountId: string, clientId: string) => `${acct(accountId)}#CLIENT#${clientId}#MIN`,
  /** All IEPs of a client in one item with a version: the no-overlap rule is a condition on it. */
  iepSet: (accountId: string, clientId: string) => ({ PK: `${acct(accountId)}#CLIENT#${clientId}#MIN`, SK: IEPS }),
  /** Finds an IEP's client from the IEP id alone (PUT/DELETE /api/ieps/{iepId}). */
  iepRef: (accountId: string, iepId: string) => ({ PK: acct(accountId), SK: `IEP#${iepId}` }),
  attended: (accountId: string, clientId: string, date: string, sessionId: string) => ({ PK: `${acct(accountId)}#CLIENT#${clientId}#MIN`, SK: `${DAY}${date}#${sessionId}` }),
  makeup: (accountId: string, clientId: string, sessionId: string) => ({ PK: `${acct(accountId)}#CLIENT#${clientId}#MIN`, SK: `${MAKEUP}${sessionId}` }),
  /** A recurring series: its rule and the ids of its occurrences. */
  sessionSeries: (accountId: string, seriesId: string) => ({ PK: acct(accountId), SK: `SERIES#${seriesId}` }),
  /** The account's school closures (one item: a school year's list is small). */
  closures: (accountId: string) => ({ PK: acct(accountId), SK: 'CLOSURES' }),
  /** The account's school years and their breaks (one item: a handful of years). */
  schoolYears: (accountId: string) => ({ PK: acct(accountId), SK: 'SCHOOL_YEARS' }),
  /**
   * One of the account's own goal-bank templates. They share the account partition, so the bank's
   * list is one Query of `begins_with(SK, GTPL#)` (Caseload's own templates are code, not items).
   */
  goalTemplate: (accountId: string, templateId: string) => ({ PK: acct(accountId), SK: `${GTPL}${templateId}` }),
  goalTemplatePrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: GTPL }),
  /** A roster import (part 4 §3): its progress item, under its account; the account's imports are `begins_with(SK, RIMPORT#)`. */
  rosterImport: (accountId: string, importId: string) => ({ PK: acct(accountId), SK: `${RIMPORT}${importId}` }),
  rosterImportPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: RIMPORT }),
  /**
   * A district roster entry (a student of the SIS, not yet or already a client). Its id is derived
   * from the account and the student's `sourcedId` (rosterEntryId), so an import finds the entry of
   * a row by key, in batches, and two imports of one student write the same item (conditions, not
   * a lookup, settle races). The account's entries are `begins_with(SK, ROSTER#)`.
   */
  rosterEntry: (accountId: string, entryId: string) => ({ PK: acct(accountId), SK: `${ROSTER}${entryId}` }),
  rosterEntryPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: ROSTER }),
  /**
   * Index keys of an active roster entry, as for clients: GSI1 the whole district by name, GSI2 one
   * school's students by name; the Add Client dialog's search is a prefix Query of either.
   */
  rosterEntryByName: (accountId: string, organizationId: string | undefined, nameSortKey: string) => ({
    GSI1PK: `${acct(accountId)}#ROSTERNAME`,
    GSI1SK: nameSortKey,
    ...(organizationId ? { GSI2PK: `${acct(accountId)}#ORG#${organizationId}#ROSTERNAME`, GSI2SK: nameSortKey } : {}),
  }),
  rosterByName: (accountId: string) => `${acct(accountId)}#ROSTERNAME`,
  organizationRosterByName: (accountId: string, organizationId: string) => `${acct(accountId)}#ORG#${organizationId}#ROSTERNAME`,
  /** One run of the retention job's purge in this account (part 4 §5): `PURGE#<ranAt>`, newest last. */
  purgeReport: (accountId: string, ranAt: string) => ({ PK: acct(accountId), SK: `PURGE#${ranAt}` }),
  purgeReportPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: 'PURGE#' }),
  /**
   * The certificate of a district's deletion (part 4 §5): outside the account (`DELCERT#`, not
   * `ACCT#`), so it outlives it; written when the deletion starts and counted up as it goes, so a
   * run that stops midway leaves what it did. Operators read it (docs/retention-and-deletion.md).
   */
  deletionCertificate: (accountId: string) => ({ PK: `DELCERT#${accountId}`, SK: 'DELCERT' }),
  /**
   * One of a user's notifications (part 4 §8), by its id `<kind>.<subject id>`: one per user,
   * student and kind by construction. A user's list is `begins_with(SK, NOTIF#<userId>#)`; the
   * daily job reads the account's with `begins_with(SK, NOTIF#)`.
   */
  notification: (accountId: string, userId: string, notificationId: string) => ({ PK: acct(accountId), SK: `NOTIF#${userId}#${notificationId}` }),
  notificationsOfUser: (accountId: string, userId: string) => ({ PK: acct(accountId), SKPrefix: `NOTIF#${userId}#` }),
  notificationPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: 'NOTIF#' }),
  /** A user's own preferences (the weekly digest's opt-in). */
  userPreferences: (accountId: string, userId: string) => ({ PK: acct(accountId), SK: `PREFS#${userId}` }),
  /** Every user's preferences in the account (the weekly digest's opted-in users). */
  userPreferencesPrefix: (accountId: string) => ({ PK: acct(accountId), SKPrefix: 'PREFS#' }),
  /** An import of a whole export into this account (part 4 §5): its progress item; `AIMPORT#<importId>`. */
  accountImport: (accountId: string, importId: string) => ({ PK: acct(accountId), SK: `AIMPORT#${importId}` }),
  /** Per-week and per-month counters (ADD), so the dashboard reads a constant number of items. */
  counters: (accountId: string, period: string) => ({ PK: acct(accountId), SK: `${COUNTERS}${period}` }),
};


/**
 * Keys only the data migrations write (run by `npm start`, and in the cloud by the deploy's
 * migration function, whose role alone has `MIGRATION#*`), never a route or worker: apart from
 * `keys`, so the functions' IAM key families need not include them (tests/infra/access.test.ts
 * checks `keys` against those families).
 */
export const operatorKeys = {
  /** Marks a one-off data migration as done for the whole table (not a tenant item: it spans accounts). */
  migration: (name: string) => ({ PK: `MIGRATION#${name}`, SK: 'MIGRATION' }),
};

/**
 * Sort-key prefixes, ranges and tests for reading back what the builders above write: GSI1's
 * client partition (goals, progress by time, progress notes), a session's documentation partition
 * (notes and progress rows), a user's login sessions, and counter items.
 */
/**
 * The scopes counter items are kept for (`keys.counters(accountId, scope)`, counters.ts): the
 * whole account, one organization (`none` for clients without one), one client, and a scope's UTC day.
 */
export const counterScopes = {
  all: 'ALL',
  organization: (organizationId: string | undefined) => `ORG#${organizationId ?? 'none'}`,
  client: (clientId: string) => `CLIENT#${clientId}`,
  day: (scope: string, day: string) => `${scope}#D#${day}`,
};

export const sortKeys = {
  goals: () => GOAL,
  /** Every progress row on GSI1's client partition (read newest first for a goal's standing). */
  progress: () => PROG,
  progressNotes: () => PNOTE,
  loginSessions: () => LSESS,
  /** Progress rows recorded from `from` (inclusive) up to `to`, on GSI1's client partition. */
  progressBetween: (from: string, to: string): [string, string] => [`${PROG}${from}`, `${PROG}${to}`],
  isGoal: (sk: string) => sk.startsWith(GOAL),
  isProgress: (sk: string) => sk.startsWith(PROG),
  isSessionNote: (sk: string) => sk.startsWith(NOTE),
  /** A minutes partition's attended sessions from `from` on, its IEPs and its make-ups: `SK >= DAY#<from>`. */
  minutesFrom: (from: string) => `${DAY}${from}`,
  /** An attended session (`DAY#<date>#<sessionId>`); a bare `DAY#<date>` is a day total of the ledger's first version. */
  isAttended: (sk: string) => sk.startsWith(DAY) && sk.length > DAY.length + 10,
  isOldDayTotal: (sk: string) => sk.startsWith(DAY) && sk.length === DAY.length + 10,
  isIepSet: (sk: string) => sk === IEPS,
  isMakeup: (sk: string) => sk.startsWith(MAKEUP),
  /** A minutes partition's make-ups alone: `begins_with(SK, MAKEUP#)`. */
  makeups: () => MAKEUP,
  /** The date of a `DAY#<date>…` key. */
  dateOfDay: (sk: string) => sk.slice(DAY.length, DAY.length + 10),
  /** Name-ordered client keys whose name starts with a searched prefix (normalized like the keys). */
  clientNamePrefix: (search = '') => `${CLIENT}${normalizeName(search)}`,
  /** The client id at the end of a name-ordered key. */
  clientIdOfNameKey: (sk: string) => sk.slice(sk.lastIndexOf('#') + 1),
  /** Roster name keys whose name starts with a searched prefix. */
  rosterNamePrefix: (search = '') => `${ROSTER}${normalizeName(search)}`,
  /** The account and period of a counters item, from its keys. */
  counterOf: (key: { PK: string; SK: string }) => ({ accountId: key.PK.slice(ACCT.length), period: key.SK.slice(COUNTERS.length) }),
};

/**
 * The id of the roster entry of a student: a UUID (version 8, RFC 9562's custom layout) made from
 * SHA-256 of the account and the SIS `sourcedId`, so every import of one student lands on one item.
 */
export function rosterEntryId(accountId: string, sourcedId: string): string {
  const hex = createHash('sha256').update(`${accountId}\u0000${sourcedId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A roster entry's place in the name-ordered roster keys (`ROSTER#<first name> <last initial>#<id>`, normalized). */
export const rosterNameSortKey = (firstName: string, lastInitial: string, entryId: string) => `${ROSTER}${normalizeName(`${firstName} ${lastInitial}`)}#${entryId}`;

/**
 * Keys of the families capability (part 4 §6): their own object, so the bundles of functions that
 * never reach a share leave them out (an object's properties are never tree-shaken one by one).
 */
export const familyKeys = {
  /**
   * A share of a delivered note with the family (families/): found by the id its link's token
   * names, and listed per note on GSI1 in the order they were made.
   */
  familyShare: (accountId: string, shareId: string) => ({ PK: acct(accountId), SK: `FSHARE#${shareId}` }),
  familyShareIndex: (accountId: string, noteId: string, createdAt: string, shareId: string) => ({
    GSI1PK: `${acct(accountId)}#PNOTE#${noteId}#FSHARES`,
    GSI1SK: `FSHARE#${createdAt}#${shareId}`,
  }),
  familySharesOfNote: (accountId: string, noteId: string) => `${acct(accountId)}#PNOTE#${noteId}#FSHARES`,
  /** A note's text in one of the family's languages (families/translations.ts). */
  noteTranslation: (accountId: string, noteId: string, language: string) => ({ PK: acct(accountId), SK: `NTRANS#${noteId}#${language}` }),
  /** A family's unlocked visit of one share (its cookie's token, stored as a hash). */
  familyVisit: (accountId: string, tokenHash: string) => ({ PK: acct(accountId), SK: `FVISIT#${tokenHash}` }),
};

/** Entity type names written to the `type` attribute of every item. */
export const entity = {
  account: 'Account',
  user: 'User',
  email: 'EmailLookup',
  loginSession: 'LoginSession',
  loginSessionRef: 'LoginSessionRef',
  loginAttempts: 'LoginAttempts',
  ssoConfig: 'SsoConfig',
  ssoDomain: 'SsoDomain',
  reauthAttempts: 'ReauthAttempts',
  twoFactorFailures: 'TwoFactorFailures',
  trustedDevice: 'TrustedDevice',
  trustedDeviceToken: 'TrustedDeviceToken',
  organization: 'Organization',
  organizationName: 'OrganizationName',
  client: 'Client',
  goal: 'Goal',
  session: 'Session',
  sessionNote: 'SessionNote',
  progress: 'Progress',
  progressNote: 'ProgressNote',
  progressNotePeriod: 'ProgressNotePeriod',
  deliveredReportPart: 'DeliveredReportPart',
  notePeriods: 'NotePeriods',
  reportingPeriods: 'ReportingPeriods',
  bulkJob: 'BulkJob',
  closedDaysJob: 'ClosedDaysJob',
  exportJob: 'ExportJob',
  exportDownload: 'ExportDownload',
  audit: 'AuditEvent',
  counters: 'Counters',
  caseloadEntry: 'CaseloadEntry',
  migration: 'Migration',
  iepSet: 'IepSet',
  iepRef: 'IepRef',
  deliveredDay: 'DeliveredMinutes',
  attended: 'AttendedSession',
  makeup: 'Makeup',
  sessionSeries: 'SessionSeries',
  closures: 'Closures',
  schoolYears: 'SchoolYears',
  goalTemplate: 'GoalTemplate',
  rosterImport: 'RosterImport',
  rosterEntry: 'RosterEntry',
  purgeReport: 'PurgeReport',
  deletionCertificate: 'DeletionCertificate',
  familyShare: 'FamilyShare',
  familyVisit: 'FamilyVisit',
  noteTranslation: 'NoteTranslation',
  notification: 'Notification',
  userPreferences: 'UserPreferences',
  accountImport: 'AccountImport',
} as const;

/** Keys of files outside the table: an export's file (an S3 object key, a path under the local exports folder), tenant first. */
export const fileKeys = {
  exportFile: (accountId: string, jobId: string, extension: 'csv' | 'zip' = 'csv') => `${accountId}/${jobId}.${extension}`,
  /** An uploaded roster zip: under `roster-uploads/` of the same bucket, whose lifecycle deletes it after a day. */
  rosterUpload: (accountId: string, importId: string) => `roster-uploads/${accountId}/${importId}.zip`,
  /**
   * An uploaded export to import (part 4 §5): beside the roster zips (`roster-uploads/`, the same
   * access grant and one-day lifecycle rule), deleted once the import ends.
   */
  accountImportUpload: (accountId: string, importId: string) => `roster-uploads/account-imports/${accountId}/${importId}.zip`,
};
