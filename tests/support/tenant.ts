import { generate } from 'otplib';
import { buildPath, type RouteDef } from '../../packages/contract/src/manifest.ts';
import { nowSeconds } from '../../packages/core/src/clock.ts';
import type { AuthContext } from '../../packages/core/src/context.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { startClosedDaysJob } from '../../packages/core/src/timetable/closed-days-job.ts';
import { Agent } from './api.ts';
import { signUpOwner } from './accounts.ts';
import { requiredQueryFor, sampleFor, type SampleIds } from './samples.ts';

/** The ids of one of every kind of record a tenant holds, by the names request bodies use for them. */
export interface TenantIds {
  clientId: string;
  goalId: string;
  organizationId: string;
  /** A scheduled session with a saved (unsigned) note and progress. */
  sessionId: string;
  /** A completed session whose present participant's note is signed: a service-log line. */
  signedSessionId: string;
  noteId: string;
  /** A delivered progress note of an earlier period, shared with the family. */
  deliveredNoteId: string;
  /** That note's share, and its link's token (not an id: `<accountId>_<shareId>_<secret>`). */
  shareId: string;
  familyToken: string;
  /** A language the shared note has a reviewed translation into (not an id). */
  translationLanguage: string;
  childUserId: string;
  jobId: string;
  /** A finished closures job (a save past 200 sessions makes one; made here directly, as that save would). */
  closureJobId: string;
  /** A finished whole-district service-log export of the tenant's owner. */
  exportJobId: string;
  /** A roster import waiting for its file. */
  rosterImportId: string;
  /** An import of a whole export waiting for its file (made while the district had no students yet). */
  accountImportId: string;
  iepId: string;
  seriesId: string;
  templateId: string;
  trustedDeviceId: string;
}

export interface Tenant {
  agent: Agent;
  accountId: string;
  userId: string;
  email: string;
  /** A string written into this tenant's records that must never appear in another tenant's answers. */
  marker: string;
  ids: TenantIds & SampleIds;
  /** The family of the shared note, its code entered: the agent of the family routes. */
  family: Agent;
}

export type IdKind = keyof TenantIds;

/**
 * For every path of the manifest with a parameter, the kind of record each parameter names: a
 * route is called with a real id of that kind (the tenant holds one of every kind), never a random
 * one. A route added with a path id and no entry here fails `pathFor` and the suites' coverage test.
 */
export const PATH_ID_KINDS: Record<string, Record<string, IdKind>> = {
  '/api/trusted-devices/{id}': { id: 'trustedDeviceId' },
  '/api/organizations/{id}': { id: 'organizationId' },
  '/api/organizations/{id}/archive': { id: 'organizationId' },
  '/api/clients/{id}': { id: 'clientId' },
  '/api/clients/{id}/archive': { id: 'clientId' },
  '/api/clients/{id}/progress-notes': { id: 'clientId' },
  '/api/clients/{id}/generate-progress-note': { id: 'clientId' },
  '/api/clients/{id}/ieps': { id: 'clientId' },
  '/api/clients/{id}/service-minutes': { id: 'clientId' },
  '/api/clients/{id}/makeups': { id: 'clientId' },
  '/api/users/{id}': { id: 'childUserId' },
  '/api/users/{userId}/permissions': { userId: 'childUserId' },
  '/api/users/{userId}/supervisors': { userId: 'childUserId' },
  '/api/sessions/{id}': { id: 'sessionId' },
  '/api/sessions/{id}/client-goals': { id: 'sessionId' },
  '/api/sessions/{id}/notes': { id: 'sessionId' },
  '/api/sessions/{id}/progress': { id: 'sessionId' },
  '/api/sessions/{id}/trials': { id: 'sessionId' },
  '/api/sessions/{id}/participants': { id: 'sessionId' },
  '/api/sessions/{id}/participants/{clientId}': { id: 'sessionId', clientId: 'clientId' },
  '/api/sessions/{id}/sign': { id: 'signedSessionId' },
  '/api/sessions/{id}/cosign': { id: 'signedSessionId' },
  '/api/sessions/{id}/addenda': { id: 'signedSessionId' },
  '/api/sessions/{id}/notes/{clientId}/pdf': { id: 'signedSessionId', clientId: 'clientId' },
  '/api/goals/{goalId}': { goalId: 'goalId' },
  '/api/progress-notes/{id}': { id: 'noteId' },
  '/api/progress-notes/{id}/pdf': { id: 'noteId' },
  '/api/progress-notes/{id}/shares': { id: 'deliveredNoteId' },
  '/api/progress-notes/{id}/shares/{shareId}': { id: 'deliveredNoteId', shareId: 'shareId' },
  '/api/progress-notes/{id}/translations': { id: 'deliveredNoteId' },
  '/api/progress-notes/{id}/translations/{language}': { id: 'deliveredNoteId', language: 'translationLanguage' },
  '/api/family/{token}/unlock': { token: 'familyToken' },
  '/api/family/{token}/report': { token: 'familyToken' },
  '/api/family/{token}/report.pdf': { token: 'familyToken' },
  '/api/family/{token}/acknowledge': { token: 'familyToken' },
  '/api/generate-progress-notes-bulk/{jobId}': { jobId: 'jobId' },
  '/api/closure-jobs/{jobId}': { jobId: 'closureJobId' },
  '/api/exports/{jobId}': { jobId: 'exportJobId' },
  '/api/exports/{jobId}/file': { jobId: 'exportJobId' },
  '/api/ieps/{iepId}': { iepId: 'iepId' },
  '/api/session-series/{id}': { id: 'seriesId' },
  '/api/goal-bank/{id}': { id: 'templateId' },
  '/api/roster-imports/{id}': { id: 'rosterImportId' },
  '/api/roster-imports/{id}/preview': { id: 'rosterImportId' },
  '/api/roster-imports/{id}/apply': { id: 'rosterImportId' },
  '/api/account-imports/{id}': { id: 'accountImportId' },
  '/api/account-imports/{id}/apply': { id: 'accountImportId' },
  '/api/users/{id}/password': { id: 'childUserId' },
};

/** The path parameters of a route (`{id}`, `{clientId}`...). */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

function expectOk(res: { status: number; body: any }, what: string) {
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const CHILD_PASSWORD = 'Sample-password-1!';
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

/** The child user signs in, turns 2FA on and signs in again on a remembered device: its id. */
async function trustedDeviceOf(email: string): Promise<string> {
  const child = new Agent();
  expectOk(await child.post('/api/login', { username: email, password: CHILD_PASSWORD }), 'child sign-in');
  const setup = expectOk(await child.post('/api/2fa/setup'), '2FA setup');
  const secret = setup.secret as string;
  expectOk(await child.post('/api/2fa/enable', { secret, token: await codeAt(secret) }), '2FA enable');
  const device = new Agent({ 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1' });
  expectOk(await device.post('/api/login', { username: email, password: CHILD_PASSWORD }), 'child sign-in with 2FA');
  expectOk(await device.post('/api/2fa/verify', { token: await codeAt(secret, 1), rememberDevice: true }), '2FA verify');
  const devices = expectOk(await device.get('/api/trusted-devices'), 'trusted devices');
  const list = (Array.isArray(devices) ? devices : (devices.devices ?? devices.items ?? [])) as { id: string }[];
  if (!list[0]) throw new Error(`no trusted device: ${JSON.stringify(devices)}`);
  return list[0].id;
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

/** A tenant with one of every kind of record, made through the API as a user would. */
export async function buildTenant(): Promise<Tenant> {
  const marker = `Mk${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const { agent, user, email } = await signUpOwner({ accountName: `${marker} District`, lastName: marker });
  // Before the first student: an import goes into an empty district only.
  const accountImport = expectOk(await agent.post('/api/account-imports', {}), 'account import');
  const org = expectOk(await agent.post('/api/organizations', { name: `${marker} School`, type: 'school' }), 'organization');
  const client = expectOk(
    await agent.post('/api/clients', { firstName: marker, lastInitial: 'Q', organizationId: org.id, gradeLevel: '3', sessionFrequency: 2, status: 'active', diagnosis: `${marker} dx` }),
    'client',
  );
  const goal = expectOk(
    await agent.post('/api/goals', { clientId: client.id, name: `${marker} goal`, type: 'articulation', description: `<p>${marker}</p>`, targetCriteria: '80% accuracy' }),
    'goal',
  );
  const scheduledAt = new Date(Date.now() - 2 * 86400_000).toISOString();
  const session = expectOk(await agent.post('/api/sessions', { type: 'therapy', clientIds: [client.id], scheduledAt, duration: 30, notes: marker }), 'session');
  expectOk(await agent.post(`/api/sessions/${session.id}/notes`, { clientId: client.id, notes: `<p>${marker}</p>` }), 'session note');
  expectOk(await agent.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: 7, totalAttempts: 10, notes: marker }), 'progress');

  // A completed session, its student present and the note signed: a signed note and a service-log line.
  const signedAt = new Date(Date.now() - 3 * 86400_000).toISOString();
  const signed = expectOk(await agent.post('/api/sessions', { type: 'therapy', clientIds: [client.id], scheduledAt: signedAt, duration: 30 }), 'session to sign');
  expectOk(await agent.patch(`/api/sessions/${signed.id}/participants/${client.id}`, { status: 'present' }), 'present');
  expectOk(await agent.put(`/api/sessions/${signed.id}`, { type: 'therapy', clientIds: [client.id], scheduledAt: signedAt, duration: 30, status: 'completed' }), 'completed');
  expectOk(await agent.post(`/api/sessions/${signed.id}/notes`, { clientId: client.id, notes: `<p>${marker} signed</p>` }), 'note to sign');
  expectOk(await agent.post(`/api/sessions/${signed.id}/sign`, { clientId: client.id }), 'sign');

  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = daysFromNow(-30);
  const note = expectOk(await agent.post(`/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: monthAgo, reportingPeriodEnd: today }), 'progress note');
  // A note of a period a year back (no overlap with the one above), delivered and shared, its code entered.
  const delivered = expectOk(await agent.post(`/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: daysFromNow(-400), reportingPeriodEnd: daysFromNow(-370) }), 'earlier progress note');
  expectOk(await agent.patch(`/api/progress-notes/${delivered.id}`, { status: 'delivered' }), 'delivered note');
  expectOk(await agent.put(`/api/progress-notes/${delivered.id}/translations/es`, { text: `<p>${marker} traducido</p>`, reviewed: true }), 'translation');
  const share = expectOk(await agent.post(`/api/progress-notes/${delivered.id}/shares`, {}), 'share');
  const familyToken = decodeURIComponent(new URL(share.url).pathname.replace('/family/', ''));
  const family = new Agent();
  expectOk(await family.post(`/api/family/${familyToken}/unlock`, { code: share.code }), 'unlock');
  const job = expectOk(await agent.post('/api/generate-progress-notes-bulk', { clientIds: [client.id], reportingPeriodStart: monthAgo, reportingPeriodEnd: today }), 'bulk job');
  // Ended, so a sampled active IEP of the same client never overlaps it.
  const iep = expectOk(
    await agent.post(`/api/clients/${client.id}/ieps`, { startDate: '2025-09-01', endDate: '2026-06-30', status: 'ended', serviceMinutes: 60, servicePer: 'week' }),
    'IEP',
  );
  const series = expectOk(
    await agent.post('/api/session-series', { clientIds: [client.id], type: 'therapy', weekdays: [2], time: '10:00', duration: 30, startsOn: daysFromNow(7), until: daysFromNow(30) }),
    'series',
  );
  const template = expectOk(
    await agent.post('/api/goal-bank', { name: `${marker} template`, type: 'articulation', description: `${marker} template`, targetCriteria: '80% accuracy' }),
    'goal template',
  );
  expectOk(await agent.put('/api/closures', [{ date: daysFromNow(60), label: `${marker} closure` }]), 'closure');
  expectOk(await agent.put('/api/reporting-periods', [{ name: `${marker} period`, start: daysFromNow(-60), end: daysFromNow(60) }]), 'reporting period');
  const childEmail = `kid-${marker}@example.test`.toLowerCase();
  const child = expectOk(
    await agent.post('/api/users', { user: { firstName: 'Kid', lastName: marker, email: childEmail, password: CHILD_PASSWORD, role: 'assistant' }, permissions: {} }),
    'child user',
  );
  const trustedDeviceId = await trustedDeviceOf(childEmail);
  // The job a closures save past 200 sessions starts; with no pending day it finishes at once.
  const closureJob = await startClosedDaysJob({ accountId: user.accountId, userId: user.id } as AuthContext, 'closures', []);
  // Its file holds the signed session's line (the marked student's name).
  const exportJob = expectOk(await agent.post('/api/exports', { kind: 'serviceLog', from: daysFromNow(-7), to: today, assignedTo: 'all' }), 'export');
  const rosterImport = expectOk(await agent.post('/api/roster-imports', {}), 'roster import');
  // Finished before the suites fingerprint the tenant's records.
  await whenJobsIdle();
  return {
    agent,
    accountId: user.accountId,
    userId: user.id,
    email,
    marker,
    family,
    ids: {
      clientId: client.id,
      goalId: goal.id,
      organizationId: org.id,
      sessionId: session.id,
      signedSessionId: signed.id,
      noteId: note.id,
      deliveredNoteId: delivered.id,
      shareId: share.id,
      familyToken,
      translationLanguage: 'es',
      childUserId: child.id,
      jobId: job.jobId,
      closureJobId: closureJob.id,
      exportJobId: exportJob.id,
      rosterImportId: rosterImport.importId,
      accountImportId: accountImport.importId,
      iepId: iep.id,
      seriesId: series.series.id,
      templateId: template.id,
      trustedDeviceId,
    },
  };
}

/** The tenant's record for each path parameter of a route, by PATH_ID_KINDS (throws for a path it does not list). */
export function pathFor(route: RouteDef, t: Tenant): string {
  const kinds = PATH_ID_KINDS[route.path];
  const params = Object.fromEntries(
    pathParams(route.path).map((param) => {
      const kind = kinds?.[param];
      if (!kind) throw new Error(`${route.path}: no record kind for {${param}}; add it to PATH_ID_KINDS in tests/support/tenant.ts`);
      return [param, t.ids[kind]];
    }),
  );
  const path = buildPath(route.path, params);
  // A required query parameter (DELETE /api/session-series/{id}?from=) is part of a valid call.
  return path + requiredQueryFor(route.query, t.ids);
}

/** A valid body for the route, pointing at the tenant's records. */
export const bodyFor = (route: RouteDef, t: Tenant) => (route.body ? sampleFor(route.body, t.ids) : route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
