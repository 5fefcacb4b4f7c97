import { beforeAll, describe, expect, it } from 'vitest';
import { permissionFlags, type PermissionFlag } from '../../packages/contract/src/enums.ts';
import { routeList } from '../../packages/contract/src/manifest.ts';
import { createChild } from '../support/accounts.ts';
import type { Agent } from '../support/api.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { bodyFor, buildTenant, pathFor, type Tenant } from '../support/tenant.ts';

/**
 * Generated from the route manifest: for every route guarded by a permission flag, a child user
 * holding every flag except that one is refused with 403, and nothing of the account changes.
 */
const guarded = routeList.filter((r) => r.permission);
const flagsInUse = [...new Set(guarded.map((r) => r.permission!))];

let tenant: Tenant;
const childWithout = new Map<PermissionFlag, Agent>();

beforeAll(async () => {
  tenant = await buildTenant();
  for (const flag of flagsInUse) {
    const permissions = Object.fromEntries(permissionFlags.map((f) => [f, f !== flag]));
    childWithout.set(flag, (await createChild(tenant.agent, { ...permissions, allowedOrganizationIds: [] })).agent);
  }
}, 180_000);

/**
 * The flag each route needs, pinned: the matrix is generated from the manifest, so a flag removed
 * from a route would silently remove its case. A change here is a decision a reviewer sees.
 */
const GUARDED: Record<string, PermissionFlag> = {
  createOrganization: 'canManageUsers',
  updateOrganization: 'canManageUsers',
  archiveOrganization: 'canManageUsers',
  createClient: 'canCreateClients',
  updateClient: 'canEditClients',
  archiveClient: 'canDeleteClients',
  listUsers: 'canManageUsers',
  getClosureJob: 'canManageUsers',
  createUser: 'canManageUsers',
  updateUserStatus: 'canManageUsers',
  updateUserPermissions: 'canManageUsers',
  updateUserSupervisors: 'canManageUsers',
  createSession: 'canCreateSessions',
  updateSession: 'canEditSessions',
  deleteSession: 'canDeleteSessions',
  saveSessionNote: 'canEditSessions',
  saveSessionProgress: 'canEditSessions',
  saveSessionTrials: 'canEditSessions',
  addParticipant: 'canEditSessions',
  updateParticipant: 'canEditSessions',
  removeParticipant: 'canEditSessions',
  createGoal: 'canManageGoals',
  updateGoal: 'canManageGoals',
  deleteGoal: 'canManageGoals',
  listProgress: 'canViewReports',
  listClientProgressNotes: 'canViewProgressNotes',
  generateProgressNote: 'canGenerateProgressNotes',
  listProgressNotes: 'canViewProgressNotes',
  listMissingProgressNotes: 'canViewProgressNotes',
  updateProgressNote: 'canEditProgressNotes',
  deleteProgressNote: 'canDeleteProgressNotes',
  bulkGenerateProgressNotes: 'canGenerateProgressNotes',
  getBulkGenerationJob: 'canGenerateProgressNotes',
  downloadProgressNotePdf: 'canViewProgressNotes',
  getReport: 'canViewReports',
  exportReport: 'canViewReports',
  updateAccount: 'canManageUsers',
  createIep: 'canEditClients',
  updateIep: 'canEditClients',
  deleteIep: 'canEditClients',
  createSessionSeries: 'canCreateSessions',
  updateSessionSeries: 'canEditSessions',
  deleteSessionSeries: 'canDeleteSessions',
  saveClosures: 'canManageUsers',
  saveSchoolYears: 'canManageUsers',
  saveReportingPeriods: 'canManageUsers',
  signSessionNote: 'canEditSessions',
  cosignSessionNote: 'canEditSessions',
  addSessionAddendum: 'canEditSessions',
  listServiceLog: 'canViewReports',
  exportServiceLog: 'canViewReports',
  createGoalTemplate: 'canManageGoals',
  deleteGoalTemplate: 'canManageGoals',
  startRosterImport: 'canManageUsers',
  listRosterImports: 'canManageUsers',
  getRosterImport: 'canManageUsers',
  previewRosterImport: 'canManageUsers',
  applyRosterImport: 'canManageUsers',
  setUserPassword: 'canManageUsers',
  listRoster: 'canCreateClients',
  createShare: 'canEditProgressNotes',
  listShares: 'canEditProgressNotes',
  revokeShare: 'canEditProgressNotes',
  createNoteTranslation: 'canEditProgressNotes',
  reviewNoteTranslation: 'canEditProgressNotes',
};
/** Routes only the account's owner may call, whatever flags another user holds. */
const OWNER_ONLY = ['applyAccountImport', 'cancelAccountDeletion', 'getAccountImport', 'getSsoSettings', 'listPurgeReports', 'requestAccountDeletion', 'saveSsoSettings', 'startAccountImport'];
/** Signed-in routes that change data with no flag: each acts only on the caller's own sign-in (2FA, devices), notifications or preferences. */
const UNGUARDED_WRITES = ['disableTwoFactor', 'enableTwoFactor', 'markNotificationsRead', 'removeTrustedDevice', 'saveUserPreferences', 'setupTwoFactor'];
/**
 * Routes whose right depends on the body, checked by the service (pinned below, case by case):
 * POST /api/exports needs canViewReports for a CSV list, the owner for the district's whole
 * record, canEditClients (and the student visible) for one student's.
 */
const CHECKED_BY_SERVICE = ['startExport'];

describe('permission matrix', () => {
  it('covers every flag the manifest uses', () => {
    expect(flagsInUse.length).toBeGreaterThanOrEqual(10);
  });

  it('guards exactly the pinned routes with their flags, and every other write acts on the caller alone', () => {
    expect(Object.fromEntries(guarded.map((r) => [r.name, r.permission]))).toEqual(GUARDED);
    expect(routeList.filter((r) => r.ownerOnly).map((r) => r.name).sort()).toEqual(OWNER_ONLY);
    const unguardedWrites = routeList.filter((r) => r.auth === 'user' && r.method !== 'GET' && !r.permission && !r.ownerOnly && !CHECKED_BY_SERVICE.includes(r.name)).map((r) => r.name);
    expect(unguardedWrites.sort()).toEqual(UNGUARDED_WRITES);
  });

  it.each([
    ['a service-log CSV', 'canViewReports', { kind: 'serviceLog', assignedTo: 'all' }],
    ['a minutes CSV', 'canViewReports', { kind: 'minutes', assignedTo: 'all' }],
    ["one student's record", 'canEditClients', { scope: 'client' }],
  ] as const)('POST /api/exports for %s needs %s: 403 without it, nothing changes', async (_what, flag, body) => {
    const before = await fingerprint(tenant.accountId);
    const res = await childWithout.get(flag)!.post('/api/exports', { ...body, ...('scope' in body ? { clientId: tenant.ids.clientId } : {}) });
    expect(res.status).toBe(403);
    expect(await fingerprint(tenant.accountId)).toBe(before);
  });

  it("POST /api/exports for the district's whole record is the owner's: 403 for a user holding every flag, nothing changes", async () => {
    const everyFlag = (await createChild(tenant.agent, { ...Object.fromEntries(permissionFlags.map((f) => [f, true])), allowedOrganizationIds: [] })).agent;
    const before = await fingerprint(tenant.accountId);
    expect((await everyFlag.post('/api/exports', { scope: 'account' })).status).toBe(403);
    expect(await fingerprint(tenant.accountId)).toBe(before);
  });

  it.each(guarded.map((r) => [r.name, r.permission, r] as const))('%s needs %s: 403 without it, nothing changes', async (_name, flag, route) => {
    const before = await fingerprint(tenant.accountId);
    const res = await childWithout.get(flag!)!.request(route.method, pathFor(route, tenant), bodyFor(route, tenant));
    expect(res.status).toBe(403);
    expect(await fingerprint(tenant.accountId)).toBe(before);
  });

  it.each(routeList.filter((r) => r.ownerOnly).map((r) => [r.name, r] as const))('%s is the owner\'s alone: 403 for a user holding every flag, nothing changes', async (_name, route) => {
    const everything = Object.fromEntries(permissionFlags.map((f) => [f, true]));
    const child = (await createChild(tenant.agent, { ...everything, allowedOrganizationIds: [] })).agent;
    const before = await fingerprint(tenant.accountId);
    const res = await child.request(route.method, pathFor(route, tenant), bodyFor(route, tenant));
    expect(res.status).toBe(403);
    expect(await fingerprint(tenant.accountId)).toBe(before);
  });
});
