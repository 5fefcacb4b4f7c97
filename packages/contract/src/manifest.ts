/**
 * The route manifest: the one list of API endpoints. The Lambda handlers, the CDK stack, the local
 * server's router and the SPA's typed client all read it; nothing else defines a route.
 */
import * as z from 'zod/mini';
import * as accountImports from './account-import.ts';
import * as accountLifecycle from './account-lifecycle.ts';
import * as auth from './auth.ts';
import * as caseload from './caseload.ts';
import { idParams, okBody, schema } from './common.ts';
import type { PermissionFlag } from './enums.ts';
import * as exportsContract from './exports.ts';
import * as families from './families.ts';
import * as goalBank from './goal-bank.ts';
import * as notes from './notes.ts';
import * as notifications from './notifications.ts';
import * as reportingPeriods from './reporting-periods.ts';
import * as roster from './roster.ts';
import * as schoolYear from './school-year.ts';
import * as signatures from './signatures.ts';
import * as sso from './sso.ts';
import * as sessions from './sessions.ts';
import * as trials from './trials.ts';

/** A route's Lambda timeout unless it declares its own. */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a function needs besides the table's tenant and login-session keys. The CDK stack grants
 * exactly what a function declares, and tests/infra/bundles.test.ts fails when a function's bundle
 * reaches a capability's module without declaring it (or declares one it never reaches), so a new
 * route cannot silently lack a permission it uses.
 *
 * - `bedrock`: calls the model (bedrock:InvokeModel* on the configured model).
 * - `totpSecret`: seals or opens TOTP secrets (the sealing secret in its environment, encrypted with
 *   the TOTP KMS key, which it may use).
 * - `bulkQueue`: sends background jobs (bulk note generation, cancelling on closed days) to the one
 *   SQS job queue (BULK_QUEUE_URL, sqs:SendMessage).
 * - `pdf`: renders a PDF; its bundle may carry a PDF writer (a larger size budget).
 * - `exports`: reads or writes the export files' bucket (EXPORTS_BUCKET; reads sign download links).
 * - `rosterUploads`: the uploaded roster zips under `roster-uploads/` of that bucket (the start
 *   route signs the browser's PUT, the preview route reads the zip's directory, the worker reads
 *   and deletes it).
 * - `cursorKey`: seals and opens list cursors (CURSOR_SIGNING_KEY in its environment, one value for
 *   every container, so a next page can land on any of them).
 */
export type Capability = 'bedrock' | 'totpSecret' | 'bulkQueue' | 'pdf' | 'cursorKey' | 'exports' | 'rosterUploads';

/** Partition-key families beyond `ACCT#` and `LSESS#` (see infra/constructs/access.ts). */
export type ExtraKeyFamily = 'EMAIL' | 'LOGIN' | 'TDEV' | 'SSODOMAIN';

/** A Lambda function's declaration: its module and what it needs to run. */
export interface FunctionDef {
  /** Module under functions/, without extension: `sessions/create-session`. */
  handler: string;
  uses?: readonly Capability[];
  /** Writes (or, for reads, looks up) items under these key families too. */
  tableKeys?: readonly ExtraKeyFamily[];
  /** Lambda memory; CPU grows with it (password hashing is CPU-bound). Default 512. */
  memoryMb?: number;
}

/** The key families of signing in: e-mail lookup, failed-login counter, trusted devices. */
const SIGN_IN_KEYS = ['EMAIL', 'LOGIN', 'TDEV'] as const;
/** scrypt (password hashing and checking) is CPU-bound, and Lambda's CPU grows with memory. */
const PASSWORD_HASHING_MEMORY_MB = 1024;

export interface RouteDef<
  B extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  P extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> extends FunctionDef {
  method: HttpMethod;
  /** API Gateway style: `/api/sessions/{id}`. */
  path: string;
  /**
   * `user`: a signed-in user is required (401 otherwise). `public`: a session is read when present.
   * `family`: a family's unlocked visit of the share its `{token}` names (part 4 §6; 401 otherwise);
   * no login session is read, and the family's cookie is read on no other route.
   */
  auth: 'user' | 'public' | 'family';
  permission?: PermissionFlag;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Long-running routes get a longer Lambda timeout than DEFAULT_ROUTE_TIMEOUT_SECONDS. */
  timeoutSeconds?: number;
  /** A create: an `Idempotency-Key` header makes a retried submit return the first answer. */
  idempotent?: boolean;
  /** A public sign-in route: its own, much tighter API throttle against credential stuffing. */
  credentialThrottle?: boolean;
  /** Only the account's owner (403 for everyone else, whatever their permission flags). */
  ownerOnly?: boolean;
  /**
   * A GET reached by a top-level navigation from another site (the identity provider's redirect
   * back to the SSO callback): the cross-site request check does not refuse it. Such a route must
   * change nothing on the strength of the cookie alone (the callback proves itself by its state).
   */
  crossSiteNavigation?: boolean;
}

/** `A` keeps each entry's literal `auth`, so handlers of `auth: 'user'` routes get a non-optional AuthContext. */
const route = /* @__NO_SIDE_EFFECTS__ */ <B extends z.ZodMiniType, Q extends z.ZodMiniType, P extends z.ZodMiniType, R extends z.ZodMiniType, A extends RouteDef['auth']>(
  def: RouteDef<B, Q, P, R> & { auth: A },
) => def;

const list = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType>(item: T) => z.array(item);
/**
 * A file answer (CSV, PDF). Built once, and the client list's two answer shapes too, so that no
 * route's definition holds a call a bundler must keep: an unused route, and every schema it
 * names, then leaves the bundles of the other functions.
 */
const fileAnswer = /* @__PURE__ */ schema(() => z.string());
const clientListAnswer = /* @__PURE__ */ schema(() => z.union([list(caseload.client), caseload.clientPage]));

// ---- part 1: auth and security
export const getCurrentUser = route({ method: 'GET', path: '/api/user', handler: 'auth/get-current-user', auth: 'user', response: auth.currentUser });
export const login = route({ method: 'POST', path: '/api/login', tableKeys: SIGN_IN_KEYS, memoryMb: PASSWORD_HASHING_MEMORY_MB, credentialThrottle: true, handler: 'auth/login', auth: 'public', body: auth.loginBody, response: auth.loginResponse });
export const register = route({ method: 'POST', path: '/api/register', tableKeys: SIGN_IN_KEYS, memoryMb: PASSWORD_HASHING_MEMORY_MB, credentialThrottle: true, handler: 'auth/register', auth: 'public', body: auth.registerBody, response: auth.currentUser });
export const logout = route({ method: 'POST', path: '/api/logout', tableKeys: SIGN_IN_KEYS, handler: 'auth/logout', auth: 'public', response: okBody });
export const verifyTwoFactor = route({ method: 'POST', path: '/api/2fa/verify', tableKeys: SIGN_IN_KEYS, uses: ['totpSecret'], credentialThrottle: true, handler: 'auth/verify-two-factor', auth: 'public', body: auth.verifyTwoFactorBody, response: auth.currentUser });
export const setupTwoFactor = route({ method: 'POST', path: '/api/2fa/setup', tableKeys: SIGN_IN_KEYS, memoryMb: PASSWORD_HASHING_MEMORY_MB, uses: ['totpSecret'], handler: 'auth/setup-two-factor', auth: 'user', body: auth.setupTwoFactorBody, response: auth.twoFactorSetup });
export const enableTwoFactor = route({ method: 'POST', path: '/api/2fa/enable', tableKeys: SIGN_IN_KEYS, uses: ['totpSecret'], handler: 'auth/enable-two-factor', auth: 'user', body: auth.enableTwoFactorBody, response: okBody });
export const disableTwoFactor = route({ method: 'POST', path: '/api/2fa/disable', tableKeys: SIGN_IN_KEYS, memoryMb: PASSWORD_HASHING_MEMORY_MB, handler: 'auth/disable-two-factor', auth: 'user', body: auth.disableTwoFactorBody, response: okBody });
export const listTrustedDevices = route({ method: 'GET', path: '/api/trusted-devices', handler: 'auth/list-trusted-devices', auth: 'user', response: list(auth.trustedDevice) });
export const removeTrustedDevice = route({ method: 'DELETE', path: '/api/trusted-devices/{id}', tableKeys: SIGN_IN_KEYS, handler: 'auth/remove-trusted-device', auth: 'user', params: idParams, response: okBody });

// ---- part 4: single sign-on (OpenID Connect)
export const getSsoSettings = route({ method: 'GET', path: '/api/account/sso', handler: 'sso/get-sso-settings', auth: 'user', ownerOnly: true, response: sso.ssoSettings });
export const saveSsoSettings = route({ method: 'PUT', path: '/api/account/sso', tableKeys: ['SSODOMAIN'], uses: ['totpSecret'], handler: 'sso/save-sso-settings', auth: 'user', ownerOnly: true, body: sso.ssoSettingsBody, response: sso.ssoSettings });
export const discoverSso = route({ method: 'GET', path: '/api/sso/discover', tableKeys: ['SSODOMAIN'], handler: 'sso/discover-sso', auth: 'public', query: sso.ssoDiscoverQuery, response: sso.ssoDiscovery });
/** A 302 to the provider (the flow's state in a short-lived cookie), or an HTML page saying why not. */
export const startSso = route({ method: 'GET', path: '/api/sso/start', tableKeys: ['SSODOMAIN'], uses: ['totpSecret'], credentialThrottle: true, handler: 'sso/start-sso', auth: 'public', query: sso.ssoStartQuery, response: fileAnswer });
/** The redirect URI: signs in and 302s to `/`, or an HTML page (403 no access, 400 start again). */
export const ssoCallback = route({ method: 'GET', path: '/api/sso/callback', tableKeys: SIGN_IN_KEYS, uses: ['totpSecret'], credentialThrottle: true, crossSiteNavigation: true, handler: 'sso/sso-callback', auth: 'public', query: sso.ssoCallbackQuery, response: fileAnswer });

// ---- part 1: dashboard and activity
export const getDashboardStats = route({ method: 'GET', path: '/api/dashboard/stats', handler: 'dashboard/get-dashboard-stats', auth: 'user', query: caseload.dashboardStatsQuery, response: caseload.dashboardStats });
/** The students behind the dashboard's 'Goals at risk' (part 4 §7), in the same scope, the most goals at risk first. */
export const listGoalsAtRisk = route({ method: 'GET', path: '/api/dashboard/goals-at-risk', handler: 'dashboard/list-goals-at-risk', auth: 'user', query: caseload.goalsAtRiskQuery, response: list(caseload.studentGoalsAtRisk) });
export const listActivities = route({ method: 'GET', path: '/api/activities', handler: 'dashboard/list-activities', auth: 'user', query: caseload.activitiesQuery, response: list(caseload.activity) });

// ---- organizations
export const listOrganizations = route({ method: 'GET', path: '/api/organizations', handler: 'organizations/list-organizations', auth: 'user', response: list(caseload.organization) });
export const createOrganization = route({ method: 'POST', idempotent: true, path: '/api/organizations', handler: 'organizations/create-organization', auth: 'user', permission: 'canManageUsers', body: caseload.organizationInput, response: caseload.organization });
export const updateOrganization = route({ method: 'PUT', path: '/api/organizations/{id}', handler: 'organizations/update-organization', auth: 'user', permission: 'canManageUsers', params: idParams, body: caseload.organizationInput, response: caseload.organization });
export const archiveOrganization = route({ method: 'POST', path: '/api/organizations/{id}/archive', handler: 'organizations/archive-organization', auth: 'user', permission: 'canManageUsers', params: idParams, response: okBody });

// ---- clients
/** With `limit`, one page (`clientPage`); without it, the whole filtered list (the part-1 answer). */
export const listClients = route({ method: 'GET', path: '/api/clients', uses: ['cursorKey'], handler: 'clients/list-clients', auth: 'user', query: caseload.clientsQuery, response: clientListAnswer });
export const getClient = route({ method: 'GET', path: '/api/clients/{id}', handler: 'clients/get-client', auth: 'user', params: idParams, response: caseload.client });
/** With `rosterEntryId` the client is made from a district roster entry and linked to it (part 4 §3). */
export const createClient = route({ method: 'POST', idempotent: true, path: '/api/clients', handler: 'clients/create-client', auth: 'user', permission: 'canCreateClients', body: caseload.createClientBody, response: caseload.client });
export const updateClient = route({ method: 'PUT', path: '/api/clients/{id}', handler: 'clients/update-client', auth: 'user', permission: 'canEditClients', params: idParams, body: caseload.clientInput, response: caseload.client });
export const archiveClient = route({ method: 'POST', path: '/api/clients/{id}/archive', handler: 'clients/archive-client', auth: 'user', permission: 'canDeleteClients', params: idParams, response: okBody });

// ---- users and permissions
export const listUsers = route({ method: 'GET', path: '/api/users', handler: 'users/list-users', auth: 'user', permission: 'canManageUsers', response: list(caseload.managedUser) });
export const createUser = route({ method: 'POST', idempotent: true, path: '/api/users', tableKeys: ['EMAIL'], memoryMb: PASSWORD_HASHING_MEMORY_MB, handler: 'users/create-user', auth: 'user', permission: 'canManageUsers', body: caseload.createUserBody, response: caseload.managedUser });
export const updateUserStatus = route({ method: 'PATCH', path: '/api/users/{id}', handler: 'users/update-user-status', auth: 'user', permission: 'canManageUsers', params: idParams, body: caseload.updateUserStatusBody, response: caseload.managedUser });
export const updateUserPermissions = route({ method: 'PUT', path: '/api/users/{userId}/permissions', handler: 'users/update-user-permissions', auth: 'user', permission: 'canManageUsers', params: caseload.userIdParams, body: caseload.permissionsInput, response: caseload.managedUser });
/** An assistant's supervising SLPs (part 4 §1.4), who co-sign its notes. */
export const updateUserSupervisors = route({ method: 'PUT', path: '/api/users/{userId}/supervisors', handler: 'users/update-user-supervisors', auth: 'user', permission: 'canManageUsers', params: caseload.userIdParams, body: caseload.supervisorsBody, response: caseload.managedUser });
/** The options of the client form's "Clinicians" and the calendar's clinician filter: any signed-in user. */
export const listClinicians = route({ method: 'GET', path: '/api/clinicians', handler: 'users/list-clinicians', auth: 'user', query: caseload.cliniciansQuery, response: list(caseload.clinician) });
export const getUserPermissions = route({ method: 'GET', path: '/api/user-permissions', handler: 'users/get-user-permissions', auth: 'user', response: auth.permissionsSchema });
// ---- reminders (part 4 §8): the caller's own notifications and preferences, no path ids
export const listNotifications = route({ method: 'GET', path: '/api/notifications', handler: 'notifications/list-notifications', auth: 'user', response: list(notifications.notification) });
export const markNotificationsRead = route({ method: 'POST', path: '/api/notifications/read', handler: 'notifications/mark-notifications-read', auth: 'user', body: notifications.markReadBody, response: okBody });
export const getUserPreferences = route({ method: 'GET', path: '/api/user/preferences', handler: 'user-preferences/get-user-preferences', auth: 'user', response: notifications.userPreferences });
export const saveUserPreferences = route({ method: 'PUT', path: '/api/user/preferences', handler: 'user-preferences/save-user-preferences', auth: 'user', body: notifications.userPreferences, response: notifications.userPreferences });

// ---- part 2: sessions
export const listSessions = route({ method: 'GET', path: '/api/sessions', handler: 'sessions/list-sessions', auth: 'user', query: sessions.sessionsQuery, response: list(sessions.session) });
export const createSession = route({ method: 'POST', idempotent: true, path: '/api/sessions', handler: 'sessions/create-session', auth: 'user', permission: 'canCreateSessions', body: sessions.scheduleSessionBody, response: sessions.session });
export const getSession = route({ method: 'GET', path: '/api/sessions/{id}', handler: 'sessions/get-session', auth: 'user', params: sessions.sessionIdParams, response: sessions.session });
export const updateSession = route({ method: 'PUT', path: '/api/sessions/{id}', handler: 'sessions/update-session', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: sessions.updateSessionBody, response: sessions.session });
export const deleteSession = route({ method: 'DELETE', path: '/api/sessions/{id}', handler: 'sessions/delete-session', auth: 'user', permission: 'canDeleteSessions', params: sessions.sessionIdParams, response: okBody });
export const getSessionClientGoals = route({ method: 'GET', path: '/api/sessions/{id}/client-goals', handler: 'sessions/get-session-client-goals', auth: 'user', params: sessions.sessionIdParams, response: list(sessions.goal) });
export const listSessionNotes = route({ method: 'GET', path: '/api/sessions/{id}/notes', handler: 'sessions/list-session-notes', auth: 'user', params: sessions.sessionIdParams, response: list(sessions.sessionNote) });
export const saveSessionNote = route({ method: 'POST', path: '/api/sessions/{id}/notes', handler: 'sessions/save-session-note', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: sessions.sessionNoteBody, response: sessions.sessionNote });
export const listSessionProgress = route({ method: 'GET', path: '/api/sessions/{id}/progress', handler: 'sessions/list-session-progress', auth: 'user', params: sessions.sessionIdParams, response: list(sessions.progressPoint) });
export const saveSessionProgress = route({ method: 'POST', path: '/api/sessions/{id}/progress', handler: 'sessions/save-session-progress', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: sessions.progressBody, response: sessions.progressPoint });
/** Live data collection (spec part 3 §3): the whole ordered trial list of one client and goal, order-safe by clientUpdatedAt. */
export const saveSessionTrials = route({ method: 'PUT', path: '/api/sessions/{id}/trials', handler: 'sessions/save-session-trials', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: trials.trialsBody, response: sessions.savedTrials });
export const addParticipant = route({ method: 'POST', idempotent: true, path: '/api/sessions/{id}/participants', handler: 'sessions/add-participant', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: sessions.addParticipantBody, response: sessions.session });
export const updateParticipant = route({ method: 'PATCH', path: '/api/sessions/{id}/participants/{clientId}', handler: 'sessions/update-participant', auth: 'user', permission: 'canEditSessions', params: sessions.participantParams, body: sessions.updateParticipantBody, response: sessions.session });
export const removeParticipant = route({ method: 'DELETE', path: '/api/sessions/{id}/participants/{clientId}', handler: 'sessions/remove-participant', auth: 'user', permission: 'canEditSessions', params: sessions.participantParams, response: sessions.session });

// ---- goals and progress data
export const listGoals = route({ method: 'GET', path: '/api/goals', handler: 'goals/list-goals', auth: 'user', query: sessions.goalsQuery, response: list(sessions.goal) });
export const createGoal = route({ method: 'POST', idempotent: true, path: '/api/goals', handler: 'goals/create-goal', auth: 'user', permission: 'canManageGoals', body: sessions.createGoalBody, response: sessions.goal });
export const updateGoal = route({ method: 'PUT', path: '/api/goals/{goalId}', handler: 'goals/update-goal', auth: 'user', permission: 'canManageGoals', params: sessions.goalIdParams, body: sessions.updateGoalBody, response: sessions.goal });
export const deleteGoal = route({ method: 'DELETE', path: '/api/goals/{goalId}', handler: 'goals/delete-goal', auth: 'user', permission: 'canManageGoals', params: sessions.goalIdParams, response: okBody });
export const listProgress = route({ method: 'GET', path: '/api/progress', handler: 'goals/list-progress', auth: 'user', permission: 'canViewReports', query: sessions.progressQuery, response: list(sessions.progressPoint) });

// ---- progress notes
export const listClientProgressNotes = route({ method: 'GET', path: '/api/clients/{id}/progress-notes', handler: 'notes/list-client-progress-notes', auth: 'user', permission: 'canViewProgressNotes', params: idParams, response: list(notes.progressNote) });
export const generateProgressNote = route({ method: 'POST', idempotent: true, path: '/api/clients/{id}/generate-progress-note', uses: ['bedrock'], handler: 'notes/generate-progress-note', auth: 'user', permission: 'canGenerateProgressNotes', params: idParams, body: notes.generateNoteBody, response: notes.progressNote, timeoutSeconds: 29 });
/** Literal path: matched before /api/progress-notes/{id}. */
export const listMissingProgressNotes = route({ method: 'GET', path: '/api/progress-notes/missing', handler: 'notes/list-missing-progress-notes', auth: 'user', permission: 'canViewProgressNotes', query: notes.progressNotesQuery, response: notes.missingNotes });
export const listProgressNotes = route({ method: 'GET', path: '/api/progress-notes', handler: 'notes/list-progress-notes', auth: 'user', permission: 'canViewProgressNotes', query: notes.progressNotesQuery, response: list(notes.progressNote) });
export const updateProgressNote = route({ method: 'PATCH', path: '/api/progress-notes/{id}', handler: 'notes/update-progress-note', auth: 'user', permission: 'canEditProgressNotes', params: idParams, body: notes.updateNoteBody, response: notes.progressNote });
export const deleteProgressNote = route({ method: 'DELETE', path: '/api/progress-notes/{id}', handler: 'notes/delete-progress-note', auth: 'user', permission: 'canDeleteProgressNotes', params: idParams, response: okBody });
export const bulkGenerateProgressNotes = route({ method: 'POST', idempotent: true, path: '/api/generate-progress-notes-bulk', uses: ['bulkQueue'], handler: 'notes/bulk-generate-progress-notes', auth: 'user', permission: 'canGenerateProgressNotes', body: notes.bulkGenerateBody, response: notes.bulkJob });
export const getBulkGenerationJob = route({ method: 'GET', path: '/api/generate-progress-notes-bulk/{jobId}', handler: 'notes/get-bulk-generation-job', auth: 'user', permission: 'canGenerateProgressNotes', params: notes.jobIdParams, response: notes.bulkJob });
/** The note as a PDF for parents (binary; base64 on the wire to API Gateway). */
export const downloadProgressNotePdf = route({ method: 'GET', path: '/api/progress-notes/{id}/pdf', uses: ['pdf'], handler: 'notes/download-progress-note-pdf', auth: 'user', permission: 'canViewProgressNotes', params: idParams, response: fileAnswer });

// ---- reports
export const getReport = route({ method: 'GET', path: '/api/reports', handler: 'reports/get-report', auth: 'user', permission: 'canViewReports', query: notes.reportQuery, response: notes.report });
export const exportReport = route({ method: 'GET', path: '/api/reports/export', handler: 'reports/export-report', auth: 'user', permission: 'canViewReports', query: notes.exportQuery, response: fileAnswer });

// ---- part 3: the school year (account time zone, IEPs and service minutes, timetable, closures)
export const getAccount = route({ method: 'GET', path: '/api/account', handler: 'account/get-account', auth: 'user', response: schoolYear.account });
export const updateAccount = route({ method: 'PUT', path: '/api/account', handler: 'account/update-account', auth: 'user', permission: 'canManageUsers', body: schoolYear.accountBody, response: schoolYear.account });
export const listIeps = route({ method: 'GET', path: '/api/clients/{id}/ieps', handler: 'ieps/list-ieps', auth: 'user', params: idParams, response: list(schoolYear.iep) });
export const createIep = route({ method: 'POST', idempotent: true, path: '/api/clients/{id}/ieps', handler: 'ieps/create-iep', auth: 'user', permission: 'canEditClients', params: idParams, body: schoolYear.iepBody, response: schoolYear.iep });
export const updateIep = route({ method: 'PUT', path: '/api/ieps/{iepId}', handler: 'ieps/update-iep', auth: 'user', permission: 'canEditClients', params: schoolYear.iepIdParams, body: schoolYear.iepBody, response: schoolYear.iep });
export const deleteIep = route({ method: 'DELETE', path: '/api/ieps/{iepId}', handler: 'ieps/delete-iep', auth: 'user', permission: 'canEditClients', params: schoolYear.iepIdParams, response: okBody });
export const getClientServiceMinutes = route({ method: 'GET', path: '/api/clients/{id}/service-minutes', handler: 'minutes/get-client-service-minutes', auth: 'user', params: idParams, query: schoolYear.minutesRange, response: schoolYear.clientMinutes });
export const listClientMakeups = route({ method: 'GET', path: '/api/clients/{id}/makeups', handler: 'minutes/list-client-makeups', auth: 'user', params: idParams, response: list(schoolYear.owedMakeup) });
export const listServiceMinutes = route({ method: 'GET', path: '/api/service-minutes', handler: 'minutes/list-service-minutes', auth: 'user', query: schoolYear.caseloadMinutesQuery, response: list(schoolYear.minutesRow) });
export const exportServiceMinutes = route({ method: 'GET', path: '/api/service-minutes/export', handler: 'minutes/export-service-minutes', auth: 'user', query: schoolYear.caseloadMinutesQuery, response: fileAnswer });
export const getMinutesSummary = route({ method: 'GET', path: '/api/service-minutes/summary', handler: 'minutes/get-minutes-summary', auth: 'user', query: schoolYear.minutesSummaryQuery, response: schoolYear.minutesSummary });
export const createSessionSeries = route({ method: 'POST', idempotent: true, path: '/api/session-series', handler: 'timetable/create-session-series', auth: 'user', permission: 'canCreateSessions', body: schoolYear.seriesBody, response: schoolYear.seriesChange, timeoutSeconds: 29 });
export const getSessionSeries = route({ method: 'GET', path: '/api/session-series/{id}', handler: 'timetable/get-session-series', auth: 'user', params: schoolYear.seriesParams, response: schoolYear.sessionSeries });
export const updateSessionSeries = route({ method: 'PUT', path: '/api/session-series/{id}', handler: 'timetable/update-session-series', auth: 'user', permission: 'canEditSessions', params: schoolYear.seriesParams, body: schoolYear.updateSeriesBody, response: schoolYear.seriesChange, timeoutSeconds: 29 });
export const deleteSessionSeries = route({ method: 'DELETE', path: '/api/session-series/{id}', handler: 'timetable/delete-session-series', auth: 'user', permission: 'canDeleteSessions', params: schoolYear.seriesParams, query: schoolYear.deleteSeriesQuery, response: schoolYear.seriesChange, timeoutSeconds: 29 });
export const listClosures = route({ method: 'GET', path: '/api/closures', handler: 'timetable/list-closures', auth: 'user', response: schoolYear.closureList });
export const saveClosures = route({ method: 'PUT', path: '/api/closures', uses: ['bulkQueue'], handler: 'timetable/save-closures', auth: 'user', permission: 'canManageUsers', body: schoolYear.closuresBody, response: schoolYear.closuresSaved, timeoutSeconds: 29 });
export const listSchoolYears = route({ method: 'GET', path: '/api/school-years', handler: 'timetable/list-school-years', auth: 'user', response: schoolYear.schoolYearList });
export const saveSchoolYears = route({ method: 'PUT', path: '/api/school-years', uses: ['bulkQueue'], handler: 'timetable/save-school-years', auth: 'user', permission: 'canManageUsers', body: schoolYear.schoolYearsBody, response: schoolYear.schoolYearsSaved, timeoutSeconds: 29 });
/** A closures or school-years save's background cancelling job (part 4 §1.5). */
export const getClosureJob = route({ method: 'GET', path: '/api/closure-jobs/{jobId}', handler: 'timetable/get-closure-job', auth: 'user', permission: 'canManageUsers', params: schoolYear.closedDaysJobParams, response: schoolYear.closedDaysJob });
export const getReportingPeriods = route({ method: 'GET', path: '/api/reporting-periods', handler: 'account/get-reporting-periods', auth: 'user', response: reportingPeriods.reportingPeriods });
export const saveReportingPeriods = route({ method: 'PUT', path: '/api/reporting-periods', handler: 'account/save-reporting-periods', auth: 'user', permission: 'canManageUsers', body: reportingPeriods.reportingPeriodsBody, response: reportingPeriods.reportingPeriods });

// ---- part 4 §5: leaving and retention
export const requestAccountDeletion = route({ method: 'POST', path: '/api/account/deletion', handler: 'account/request-deletion', auth: 'user', ownerOnly: true, body: accountLifecycle.deletionRequestBody, response: schoolYear.account });
export const cancelAccountDeletion = route({ method: 'DELETE', path: '/api/account/deletion', handler: 'account/cancel-deletion', auth: 'user', ownerOnly: true, response: schoolYear.account });
export const listPurgeReports = route({ method: 'GET', path: '/api/account/purge-reports', handler: 'account/list-purge-reports', auth: 'user', ownerOnly: true, response: accountLifecycle.purgeReportList });

// ---- part 3: signed notes, co-signature and the Medicaid service log
export const signSessionNote = route({ method: 'POST', path: '/api/sessions/{id}/sign', handler: 'signatures/sign-session-note', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: signatures.signBody, response: sessions.sessionNote });
export const cosignSessionNote = route({ method: 'POST', path: '/api/sessions/{id}/cosign', handler: 'signatures/cosign-session-note', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: signatures.signBody, response: sessions.sessionNote });
export const addSessionAddendum = route({ method: 'POST', idempotent: true, path: '/api/sessions/{id}/addenda', handler: 'signatures/add-session-addendum', auth: 'user', permission: 'canEditSessions', params: sessions.sessionIdParams, body: signatures.addendumBody, response: sessions.sessionNote });
export const getPendingSignatures = route({ method: 'GET', path: '/api/signatures/pending', handler: 'signatures/get-pending-signatures', auth: 'user', response: signatures.pendingSignatures });
export const downloadSessionNotePdf = route({ method: 'GET', path: '/api/sessions/{id}/notes/{clientId}/pdf', uses: ['pdf'], handler: 'signatures/download-session-note-pdf', auth: 'user', params: signatures.sessionClientParams, response: fileAnswer });
export const listServiceLog = route({ method: 'GET', path: '/api/service-log', handler: 'service-log/list-service-log', auth: 'user', permission: 'canViewReports', query: signatures.serviceLogQuery, response: list(signatures.serviceLogLine) });
export const exportServiceLog = route({ method: 'GET', path: '/api/service-log/export', handler: 'service-log/export-service-log', auth: 'user', permission: 'canViewReports', query: signatures.serviceLogQuery, response: fileAnswer });
/**
 * Exports as background jobs: the service-log and minutes CSVs (part 4 §9, a report right) and the
 * whole record of the district (the owner) or of one student (canEditClients, the student visible;
 * part 4 §5). The right depends on the body, so the service checks it, on start and on every read.
 * The file holds what its starter may see; only they read the job.
 */
export const startExport = route({ method: 'POST', path: '/api/exports', uses: ['bulkQueue'], handler: 'exports/start-export', auth: 'user', body: exportsContract.exportBody, response: exportsContract.exportJob });
export const getExport = route({ method: 'GET', path: '/api/exports/{jobId}', uses: ['exports'], handler: 'exports/get-export', auth: 'user', params: exportsContract.exportJobParams, response: exportsContract.exportJob });
/** The finished file: its body from the local folder (`npm start`), or a redirect to a fresh S3 link in the cloud. */
export const downloadExport = route({ method: 'GET', path: '/api/exports/{jobId}/file', uses: ['exports'], handler: 'exports/download-export', auth: 'user', params: exportsContract.exportJobParams, response: fileAnswer });

// ---- part 4 §3: roster import (OneRoster CSV) and the district roster
/**
 * A manager's (the owner, or canManageUsers with every organization: checked by the service).
 * The zip goes straight to storage: `uploadUrl` is a presigned S3 PUT, or locally the upload route
 * of the local server (LOCAL_UPLOAD_PREFIX), never a Lambda's body.
 */
export const startRosterImport = route({ method: 'POST', path: '/api/roster-imports', uses: ['rosterUploads'], handler: 'roster/start-roster-import', auth: 'user', permission: 'canManageUsers', body: roster.startRosterImportBody, response: roster.rosterImportStarted });
export const listRosterImports = route({ method: 'GET', path: '/api/roster-imports', handler: 'roster/list-roster-imports', auth: 'user', permission: 'canManageUsers', response: roster.rosterImportList });
export const getRosterImport = route({ method: 'GET', path: '/api/roster-imports/{id}', handler: 'roster/get-roster-import', auth: 'user', permission: 'canManageUsers', params: roster.rosterImportParams, response: roster.rosterImport });
/** Checks the zip is OneRoster (400 otherwise) and starts the preview job; reads the zip's directory, hence the longer timeout. */
export const previewRosterImport = route({ method: 'POST', path: '/api/roster-imports/{id}/preview', uses: ['rosterUploads', 'bulkQueue'], handler: 'roster/preview-roster-import', auth: 'user', permission: 'canManageUsers', params: roster.rosterImportParams, body: roster.previewBody, response: roster.rosterImport, timeoutSeconds: 29, memoryMb: 1024 });
export const applyRosterImport = route({ method: 'POST', path: '/api/roster-imports/{id}/apply', uses: ['bulkQueue'], handler: 'roster/apply-roster-import', auth: 'user', permission: 'canManageUsers', params: roster.rosterImportParams, body: roster.applyBody, response: roster.rosterImport });
/** Anyone who may create clients, within their organizations. */
export const listRoster = route({ method: 'GET', path: '/api/roster', uses: ['cursorKey'], handler: 'roster/list-roster', auth: 'user', permission: 'canCreateClients', query: roster.rosterQuery, response: roster.rosterPage });

// ---- part 4 §5: import of a whole export into an empty district (the owner's; docs/leaving.md)
/** The import and its upload URL (the zip never passes through a Lambda); 409 when the district has students. */
export const startAccountImport = route({ method: 'POST', path: '/api/account-imports', uses: ['rosterUploads'], handler: 'account-imports/start-account-import', auth: 'user', ownerOnly: true, body: accountImports.startAccountImportBody, response: accountImports.accountImportStarted });
export const getAccountImport = route({ method: 'GET', path: '/api/account-imports/{id}', handler: 'account-imports/get-account-import', auth: 'user', ownerOnly: true, params: accountImports.accountImportParams, response: accountImports.accountImport });
export const applyAccountImport = route({ method: 'POST', path: '/api/account-imports/{id}/apply', uses: ['rosterUploads', 'bulkQueue'], handler: 'account-imports/apply-account-import', auth: 'user', ownerOnly: true, params: accountImports.accountImportParams, response: accountImports.accountImport });
/** An imported user's first password, which activates the user. */
export const setUserPassword = route({ method: 'PUT', path: '/api/users/{id}/password', memoryMb: PASSWORD_HASHING_MEMORY_MB, handler: 'users/set-user-password', auth: 'user', permission: 'canManageUsers', params: idParams, body: accountImports.setUserPasswordBody, response: caseload.managedUser });

// ---- part 4 §6: families (a delivered note's report shared with the family by link and code)
export const createShare = route({ method: 'POST', path: '/api/progress-notes/{id}/shares', handler: 'families/create-share', auth: 'user', permission: 'canEditProgressNotes', params: idParams, body: families.createShareBody, response: families.createdShare });
export const listShares = route({ method: 'GET', path: '/api/progress-notes/{id}/shares', handler: 'families/list-shares', auth: 'user', permission: 'canEditProgressNotes', params: idParams, response: list(families.share) });
export const revokeShare = route({ method: 'DELETE', path: '/api/progress-notes/{id}/shares/{shareId}', handler: 'families/revoke-share', auth: 'user', permission: 'canEditProgressNotes', params: families.shareParams, response: families.share });
/** A translation of a delivered note: the clinician's text, or without it the AI's draft from the English (grounded; the local generator offers none). */
export const createNoteTranslation = route({ method: 'POST', path: '/api/progress-notes/{id}/translations', uses: ['bedrock'], handler: 'families/create-note-translation', auth: 'user', permission: 'canEditProgressNotes', params: idParams, body: families.createTranslationBody, response: families.noteTranslation, timeoutSeconds: 29 });
/** The clinician's reviewed translation: only a reviewed one is shared or printed. */
export const reviewNoteTranslation = route({ method: 'PUT', path: '/api/progress-notes/{id}/translations/{language}', handler: 'families/review-note-translation', auth: 'user', permission: 'canEditProgressNotes', params: families.translationParams, body: families.reviewTranslationBody, response: families.noteTranslation });
/** The family enters the code (no login session: the link and the code are the whole proof); sets the family's cookie. */
export const unlockFamilyShare = route({ method: 'POST', path: '/api/family/{token}/unlock', credentialThrottle: true, handler: 'families/unlock-family-share', auth: 'public', params: families.familyTokenParams, body: families.unlockBody, response: okBody });
export const getFamilyReport = route({ method: 'GET', path: '/api/family/{token}/report', handler: 'families/get-family-report', auth: 'family', params: families.familyTokenParams, query: families.familyReportQuery, response: families.familyReport });
export const downloadFamilyReportPdf = route({ method: 'GET', path: '/api/family/{token}/report.pdf', uses: ['pdf'], handler: 'families/download-family-report-pdf', auth: 'family', params: families.familyTokenParams, query: families.familyReportQuery, response: fileAnswer });
export const acknowledgeFamilyShare = route({ method: 'POST', path: '/api/family/{token}/acknowledge', handler: 'families/acknowledge-family-share', auth: 'family', params: families.familyTokenParams, body: families.acknowledgeBody, response: families.acknowledged });

// ---- part 3: the goal bank (Caseload's templates and the account's own)
export const listGoalBank = route({ method: 'GET', path: '/api/goal-bank', handler: 'goal-bank/list-goal-bank', auth: 'user', query: goalBank.goalBankQuery, response: list(goalBank.goalTemplate) });
export const createGoalTemplate = route({ method: 'POST', idempotent: true, path: '/api/goal-bank', handler: 'goal-bank/create-goal-template', auth: 'user', permission: 'canManageGoals', body: goalBank.goalTemplateBody, response: goalBank.goalTemplate });
export const deleteGoalTemplate = route({ method: 'DELETE', path: '/api/goal-bank/{id}', handler: 'goal-bank/delete-goal-template', auth: 'user', permission: 'canManageGoals', params: goalBank.goalTemplateIdParams, response: okBody });

/** Every route by name. A Lambda handler imports only its own route, so its bundle leaves out the others' schemas. */
export const routes = {
  getCurrentUser,
  login,
  register,
  getSsoSettings,
  saveSsoSettings,
  discoverSso,
  startSso,
  ssoCallback,
  logout,
  verifyTwoFactor,
  setupTwoFactor,
  enableTwoFactor,
  disableTwoFactor,
  listTrustedDevices,
  removeTrustedDevice,
  getDashboardStats,
  listNotifications,
  markNotificationsRead,
  getUserPreferences,
  saveUserPreferences,
  listGoalsAtRisk,
  listActivities,
  listOrganizations,
  createOrganization,
  updateOrganization,
  archiveOrganization,
  listClients,
  getClient,
  createClient,
  updateClient,
  archiveClient,
  listUsers,
  createUser,
  updateUserStatus,
  updateUserPermissions,
  updateUserSupervisors,
  getUserPermissions,
  listClinicians,
  listSessions,
  createSession,
  getSession,
  updateSession,
  deleteSession,
  getSessionClientGoals,
  listSessionNotes,
  saveSessionNote,
  listSessionProgress,
  saveSessionProgress,
  saveSessionTrials,
  addParticipant,
  updateParticipant,
  removeParticipant,
  listGoals,
  createGoal,
  updateGoal,
  deleteGoal,
  listProgress,
  listClientProgressNotes,
  generateProgressNote,
  listProgressNotes,
  listMissingProgressNotes,
  updateProgressNote,
  deleteProgressNote,
  bulkGenerateProgressNotes,
  getBulkGenerationJob,
  downloadProgressNotePdf,
  getReport,
  exportReport,
  getAccount,
  updateAccount,
  listIeps,
  createIep,
  updateIep,
  deleteIep,
  getClientServiceMinutes,
  listClientMakeups,
  listServiceMinutes,
  exportServiceMinutes,
  getMinutesSummary,
  createSessionSeries,
  getSessionSeries,
  updateSessionSeries,
  deleteSessionSeries,
  listClosures,
  saveClosures,
  listSchoolYears,
  saveSchoolYears,
  getClosureJob,
  getReportingPeriods,
  saveReportingPeriods,
  requestAccountDeletion,
  cancelAccountDeletion,
  listPurgeReports,
  signSessionNote,
  cosignSessionNote,
  addSessionAddendum,
  getPendingSignatures,
  downloadSessionNotePdf,
  listServiceLog,
  exportServiceLog,
  startExport,
  getExport,
  downloadExport,
  listGoalBank,
  createGoalTemplate,
  deleteGoalTemplate,
  startRosterImport,
  listRosterImports,
  getRosterImport,
  previewRosterImport,
  applyRosterImport,
  listRoster,
  startAccountImport,
  getAccountImport,
  applyAccountImport,
  setUserPassword,
  createShare,
  listShares,
  revokeShare,
  createNoteTranslation,
  reviewNoteTranslation,
  unlockFamilyShare,
  getFamilyReport,
  downloadFamilyReportPdf,
  acknowledgeFamilyShare,
} as const;

/** Functions that are not HTTP routes, declared like routes (infra reads both the same way). */
export const workers = {
  /** Runs queued background jobs (SQS event source), routed by kind: bulk note generation, cancelling on closed days, exports (a whole export prints signed notes and parent reports: pdf), roster previews and applies; one job per invocation. */
  bulkGenerationWorker: { handler: 'notes/bulk-generation-worker', uses: ['bedrock', 'exports', 'rosterUploads', 'pdf'], tableKeys: ['EMAIL'], memoryMb: 1024 },
  /** The deployment's data-migration step (a CDK Trigger runs it on each deploy; infra/constructs/migrations.ts). */
  dataMigrations: { handler: 'operations/run-migrations', memoryMb: 1024 },
  /**
   * Runs one scheduled job (packages/contract/src/scheduled-jobs.ts) named by its EventBridge
   * schedule: deleting districts at contract end (their files too) and the retention purge.
   */
  scheduledJobs: { handler: 'scheduled/run-job', uses: ['exports', 'rosterUploads'], memoryMb: 1024 },
} as const satisfies Record<string, FunctionDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeNames = /* @__PURE__ */ Object.keys(routes) as RouteName[];
export const routeList = /* @__PURE__ */ routeNames.map((name) => ({ name, ...routes[name] }));

/** Turns `/api/sessions/{id}` and concrete values into a path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against the manifest; the route and its path parameters, or undefined. */
export function matchRoute(method: string, pathname: string) {
  let pathMatched = false;
  for (const r of compiled) {
    const m = r.regex.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (r.route.method !== method) continue;
    const params: Record<string, string> = {};
    try {
      r.keys.forEach((k, i) => {
        params[k] = decodeURIComponent(m[i + 1]!);
      });
    } catch {
      // Malformed percent-encoding in a parameter: the client's error (API Gateway answers 400 too).
      return { route: r.route, params: {}, pathMatched, malformed: true };
    }
    return { route: r.route, params, pathMatched };
  }
  return pathMatched ? { route: undefined, params: {}, pathMatched } : undefined;
}

const compiled = /* @__PURE__ */ routeList
  .map((route) => {
    const keys: string[] = [];
    const pattern = route.path.replace(/\{(\w+)\}/g, (_, k: string) => {
      keys.push(k);
      return '([^/]+)';
    });
    return { route, keys, regex: new RegExp(`^${pattern}$`), literal: keys.length === 0 };
  })
  // Literal paths first, so /api/reports/export is never read as /api/reports/{id}.
  .sort((a, b) => Number(b.literal) - Number(a.literal));
