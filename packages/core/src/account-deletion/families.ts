/**
 * How the deletion of a district reaches every item of it: one entry per key builder of keys.ts,
 * naming the step of ./delete-account.ts that removes what the builder keys. The record's type
 * makes the compiler refuse a new key builder until its deletion is decided here, and
 * account-deletion/families.test.ts checks the same at run time; the integration test then scans
 * the whole table after a deletion for anything left of the account.
 */
import { join } from 'node:path';
import { localExportsDir } from '../exports/storage.ts';
import type { familyKeys, fileKeys, keys } from '../keys.ts';
import { localRosterDir } from '../roster/storage.ts';
import { localImportDir } from '../account-import/storage.ts';

/**
 * - `accountPartition`: an item of `ACCT#<a>` itself (read there, deleted last, the account item
 *   very last).
 * - `indexKeys`: GSI keys or a GSI partition: attributes of items that other steps delete.
 * - `userPartitions`: a partition of one user (login-session references, caseload entries).
 * - `sessionPartition`, `reportPartition`, `minutesPartition`: the documentation partition of a
 *   session, the delivered parent report of a progress note, the minutes partition of a client.
 * - `fixedPartitions`: the account's audit and idempotency partitions.
 * - `signInItems`: outside the account, found from its users: their e-mail claims, failed-login
 *   counters and login sessions (through the references and, for older ones, GSI1).
 * - `ssoDomains`: outside the account, found from its SSO settings: its e-mail domain claims.
 * - `neverWritten`: a builder no code writes any more.
 * - `kept`: the deletion certificate, which outlives the account on purpose.
 */
export type DeletionStep =
  | 'accountPartition'
  | 'indexKeys'
  | 'userPartitions'
  | 'sessionPartition'
  | 'reportPartition'
  | 'minutesPartition'
  | 'fixedPartitions'
  | 'signInItems'
  | 'ssoDomains'
  | 'neverWritten'
  | 'kept';

export const deletionStepOf: Record<keyof typeof keys, DeletionStep> = {
  account: 'accountPartition',
  user: 'accountPartition',
  userPrefix: 'accountPartition',
  email: 'signInItems',
  loginSession: 'signInItems',
  loginSessionsOfUser: 'indexKeys',
  loginSessionRef: 'userPartitions',
  loginSessionRefs: 'userPartitions',
  ssoConfig: 'accountPartition',
  ssoDomain: 'ssoDomains',
  loginAttempts: 'signInItems',
  reauthAttempts: 'accountPartition',
  twoFactorFailures: 'accountPartition',
  trustedDevice: 'accountPartition',
  trustedDevicePrefix: 'accountPartition',
  trustedDeviceToken: 'neverWritten',
  notification: 'accountPartition',
  notificationsOfUser: 'accountPartition',
  notificationPrefix: 'accountPartition',
  userPreferences: 'accountPartition',
  userPreferencesPrefix: 'accountPartition',
  organization: 'accountPartition',
  organizationPrefix: 'accountPartition',
  organizationName: 'accountPartition',
  client: 'accountPartition',
  clientPrefix: 'accountPartition',
  clientByName: 'indexKeys',
  clientsByName: 'indexKeys',
  organizationClientsByName: 'indexKeys',
  caseloadEntry: 'userPartitions',
  caseload: 'userPartitions',
  clientChildren: 'indexKeys',
  goal: 'accountPartition',
  goalIndex: 'indexKeys',
  session: 'accountPartition',
  sessionIndex: 'indexKeys',
  sessionsByTime: 'indexKeys',
  sessionProviderIndex: 'indexKeys',
  sessionsOfProvider: 'indexKeys',
  sessionDocs: 'sessionPartition',
  sessionNote: 'sessionPartition',
  awaitingCosignatureIndex: 'indexKeys',
  awaitingCosignature: 'indexKeys',
  progress: 'sessionPartition',
  progressIndex: 'indexKeys',
  progressByTime: 'indexKeys',
  goalsAtRiskIndex: 'indexKeys',
  goalsAtRiskByClient: 'indexKeys',
  progressNote: 'accountPartition',
  progressNoteIndex: 'indexKeys',
  notesByTime: 'indexKeys',
  deliveredReport: 'reportPartition',
  deliveredReportPart: 'reportPartition',
  progressNotePeriod: 'accountPartition',
  notePeriods: 'accountPartition',
  notePeriodsPrefix: 'accountPartition',
  reportingPeriods: 'accountPartition',
  bulkJob: 'accountPartition',
  closedDaysJob: 'accountPartition',
  exportJob: 'accountPartition',
  exportDownload: 'accountPartition',
  audit: 'fixedPartitions',
  auditPartition: 'fixedPartitions',
  auditByActor: 'indexKeys',
  auditOfActor: 'indexKeys',
  idempotencyPartition: 'fixedPartitions',
  clientMinutes: 'minutesPartition',
  iepSet: 'minutesPartition',
  iepRef: 'accountPartition',
  attended: 'minutesPartition',
  makeup: 'minutesPartition',
  sessionSeries: 'accountPartition',
  closures: 'accountPartition',
  schoolYears: 'accountPartition',
  goalTemplate: 'accountPartition',
  goalTemplatePrefix: 'accountPartition',
  rosterImport: 'accountPartition',
  rosterImportPrefix: 'accountPartition',
  rosterEntry: 'accountPartition',
  rosterEntryPrefix: 'accountPartition',
  rosterEntryByName: 'indexKeys',
  rosterByName: 'indexKeys',
  organizationRosterByName: 'indexKeys',
  purgeReport: 'accountPartition',
  purgeReportPrefix: 'accountPartition',
  deletionCertificate: 'kept',
  counters: 'accountPartition',
  accountImport: 'accountPartition',
};

/** The families capability's keys (their own object in keys.ts, for the bundles): each must name its step too. */
export const familyDeletionStepOf: Record<keyof typeof familyKeys, DeletionStep> = {
  familyShare: 'accountPartition',
  familyShareIndex: 'indexKeys',
  familySharesOfNote: 'indexKeys',
  noteTranslation: 'accountPartition',
  familyVisit: 'accountPartition',
};

/**
 * Where the files of each fileKeys family lie for one account: the S3 key prefix (the exports
 * bucket) and the local folder that `npm start` keeps them in (the stores' own folders). A new file family must
 * name its place here before it compiles.
 */
export const accountFilePlaces: Record<keyof typeof fileKeys, { s3Prefix: (accountId: string) => string; localDir: (accountId: string) => string }> = {
  exportFile: { s3Prefix: (accountId) => `${accountId}/`, localDir: (accountId) => join(localExportsDir(), accountId) },
  rosterUpload: { s3Prefix: (accountId) => `roster-uploads/${accountId}/`, localDir: (accountId) => join(localRosterDir(), accountId) },
  accountImportUpload: { s3Prefix: (accountId) => `roster-uploads/account-imports/${accountId}/`, localDir: (accountId) => join(localImportDir(), accountId) },
};
