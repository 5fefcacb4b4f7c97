import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../packages/contract/src/manifest.ts';
import { report } from '../../packages/contract/src/notes.ts';
import { safeParseStrict } from '../../packages/contract/src/strict.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { Agent, type TestResponse } from '../support/api.ts';
import { createChild, PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';
import { putClient, putOrganization } from '../support/records.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../packages/local/src/oidc-provider.ts';
import { applied, csv, manifest, ORGS, previewed, startPreview, upload, USERS_11, zip } from '../support/oneroster.ts';
import { exportFileNames } from '../../packages/contract/src/export-files.ts';

/**
 * Generated from the route manifest: every route, called with a valid request by a user allowed to
 * make it, answers what its response schema says, with no key the schema does not name. Records
 * are made with every optional field filled, so optional parts of the answers are checked too.
 * (The pipeline checks every answer of every test the same way; this file makes sure each route
 * is actually called.)
 */

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000);
const isoDay = (offsetDays: number) => day(offsetDays).toISOString().slice(0, 10);
const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

function ok<T = any>(res: TestResponse<T>, what: string): T {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

interface World {
  owner: Agent;
  ownerEmail: string;
  ownerId: string;
  orgId: string;
  clientId: string;
  /** A second active client of the organization, not in the main session. */
  otherClientId: string;
  goalId: string;
  sessionId: string;
  noteId: string;
  child: { agent: Agent; id: string };
}
let w: World;

const fullOrganization = (name: string) => ({ name, type: 'school', address: '1 Main St\nSpringfield', phone: '555-0100', contactPerson: 'Pat Principal' });
const fullClient = (orgId: string, firstName: string) => ({
  firstName,
  lastInitial: 'q',
  organizationId: orgId,
  gradeLevel: '3',
  sessionFrequency: 2,
  teacher: 'Room 12',
  diagnosis: 'Articulation disorder',
  status: 'active',
});
const goalFields = (name: string) => ({
  name,
  type: 'articulation',
  description: '<p>Produce /r/ in initial position</p>',
  targetCriteria: '80% accuracy over 3 sessions',
  targetDate: day(90).toISOString(),
  baseline: { accuracy: 20, date: isoDay(-60) },
  criterionAccuracy: 80,
  criterionSessions: 3,
  criterionMaxCue: 'verbal',
});
const fullGoal = (clientId: string, name: string) => ({ clientId, ...goalFields(name) });
const newSession = (clientIds: string[]) => ({ type: 'therapy', clientIds, scheduledAt: day(-2).toISOString(), duration: 30, notes: 'Bring the picture cards' });
/** Three trials scored live, two of them independently. */
const scoredTrials = (clientUpdatedAt: string) => ({
  clientId: w.clientId,
  goalId: w.goalId,
  trials: [
    { correct: true, cue: 'independent' },
    { correct: false, cue: 'independent' },
    { correct: true, cue: 'verbal' },
  ],
  clientUpdatedAt,
});
/** One of the account's goal templates with every optional field. */
const fullTemplate = (name: string) => ({
  name,
  type: 'expressive_language',
  description: '[student] will use [grammatical forms] in sentences with [accuracy]% accuracy.',
  targetCriteria: '80% accuracy across 3 consecutive sessions, with no more than verbal cues',
  criterionAccuracy: 80,
  criterionSessions: 3,
  criterionMaxCue: 'verbal',
});
const period = { reportingPeriodStart: isoDay(-30), reportingPeriodEnd: isoDay(0) };
/** The second one contains today in any time zone. */
/** One school year around today (breaks filled, so the optional parts of the answer are checked). */
const schoolYears = [{ name: 'This year', firstDay: isoDay(-100), lastDay: isoDay(200), breaks: [{ name: 'Winter break', start: isoDay(100), end: isoDay(110) }] }];
const reportingPeriods = [
  { name: 'Term 1', start: isoDay(-120), end: isoDay(-31) },
  { name: 'Term 2', start: isoDay(-30), end: isoDay(60) },
];

/** A signed-up owner with 2FA on, and the secret. */
async function ownerWithTwoFactor() {
  const signedUp = await signUpOwner();
  const { secret } = ok(await signedUp.agent.post('/api/2fa/setup', {}), '2FA setup');
  ok(await signedUp.agent.post('/api/2fa/enable', { secret, token: await codeFor(secret) }), '2FA enable');
  return { ...signedUp, secret: secret as string };
}

/** A browser signed in with the second factor, which it remembers (a trusted device). */
async function verifiedBrowser() {
  const { email, secret } = await ownerWithTwoFactor();
  const browser = new Agent();
  const pending = await browser.post('/api/login', { username: email, password: PASSWORD });
  // The enable code's step is used up: the next step's code is the next one accepted.
  const verified = await browser.post('/api/2fa/verify', { token: await codeFor(secret, 1), rememberDevice: true });
  return { browser, pending, verified };
}

async function newClient(firstName: string) {
  return ok(await w.owner.post('/api/clients', fullClient(w.orgId, firstName)), 'client').id as string;
}

async function newSessionWith(clientIds: string[]) {
  return ok(await w.owner.post('/api/sessions', newSession(clientIds)), 'session').id as string;
}

/** A session two days ago that `providerId` provided, recorded as completed: its notes can be signed. */
async function heldSessionWith(clientIds: string[], providerId: string) {
  const body = { ...newSession(clientIds), providerId };
  const sessionId = ok(await w.owner.post('/api/sessions', body), 'session').id as string;
  ok(await w.owner.put(`/api/sessions/${sessionId}`, { ...body, status: 'completed' }), 'completed session');
  return sessionId;
}

/** A weekly series on every weekday for four weeks from a week on (every optional field filled). */
const weeklySeries = (clientIds: string[]) => ({ clientIds, providerId: w.child.id, type: 'therapy', weekdays: [1, 2, 3, 4, 5], time: '15:30', duration: 30, startsOn: isoDay(7), until: isoDay(35) });

async function newSeriesWith(clientIds: string[]) {
  return ok(await w.owner.post('/api/session-series', weeklySeries(clientIds)), 'series').series.id as string;
}

/** An IEP with every optional field, current today (a year around it). */
const fullIep = () => ({
  startDate: isoDay(-180),
  endDate: isoDay(180),
  nextReviewDate: isoDay(20),
  nextEvaluationDate: isoDay(50),
  status: 'active',
  serviceMinutes: 60,
  servicePer: 'week',
  serviceType: 'individual',
});

/** A new client of the organization with a current IEP. */
async function clientWithIep(firstName: string) {
  const clientId = await newClient(firstName);
  ok(await w.owner.post(`/api/clients/${clientId}/ieps`, fullIep()), 'IEP');
  return clientId;
}

/** A completed session two days ago with a present, Medicaid-eligible client who has ICD-10 codes (a service-log line). */
async function completedSessionWithCodedClient() {
  const client = ok(await w.owner.post('/api/clients', { ...fullClient(w.orgId, 'Odile'), icd10Codes: ['F80.0', 'r47.1'], medicaidEligible: true }), 'client');
  const sessionId = await newSessionWith([client.id]);
  ok(await w.owner.patch(`/api/sessions/${sessionId}/participants/${client.id}`, { status: 'present' }), 'present participation');
  ok(await w.owner.put(`/api/sessions/${sessionId}`, { ...newSession([client.id]), status: 'completed' }), 'completed session');
}

interface Signer {
  agent: Agent;
  id: string;
}
let assistant: Promise<Signer> | undefined;
/** An assistant who documents sessions in the organization; the owner (an SLP) supervises it and co-signs its notes. */
const assistantSigner = () =>
  (assistant ??= (async () => {
    const child = await createChild(w.owner, { canCreateSessions: true, canEditSessions: true, allowedOrganizationIds: [w.orgId] });
    ok(await w.owner.put(`/api/users/${child.id}/supervisors`, { supervisorIds: [w.ownerId] }), 'supervisors');
    return { agent: child.agent, id: child.id };
  })());
const ownerSigner = (): Signer => ({ agent: w.owner, id: w.ownerId });

/** A new held session of the main client, provided by `signer`, whose note the signer wrote and signed. */
async function signedNote(signer: Signer) {
  const sessionId = await heldSessionWith([w.clientId], signer.id);
  ok(await signer.agent.post(`/api/sessions/${sessionId}/notes`, { clientId: w.clientId, notes: '<p>Worked on /r/</p>' }), 'note');
  ok(await signer.agent.post(`/api/sessions/${sessionId}/sign`, { clientId: w.clientId }), 'signature');
  return sessionId;
}

type Case = () => Promise<TestResponse | TestResponse[]>;

/** A district with SSO against a real provider, and a staff member who can sign in through it. */
const SSO_CALLBACK = 'http://localhost:3000/api/sso/callback';
let idp: TestProvider | undefined;
async function ssoDistrict() {
  idp ??= await startTestProvider({ redirectUris: [SSO_CALLBACK] });
  const domain = `contract-${crypto.randomUUID().slice(0, 8)}.test`;
  const { agent } = await signUpOwner({ email: `owner@${domain}` });
  ok(await agent.put('/api/account/sso', { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain], passwordSignIn: 'everyone' }), 'sso settings');
  const email = `staff@${domain}`;
  ok(await agent.post('/api/users', { user: { firstName: 'S', lastName: 'T', email, password: PASSWORD, role: 'slp' }, permissions: {} }), 'staff');
  idp.accounts.set(email, { email, email_verified: true });
  return { owner: agent, domain, email };
}
/** A small OneRoster zip: one school, two students (third grade), one unmatched teacher, one row with an error. */
const rosterZip = () =>
  zip({
    'manifest.csv': manifest({ orgs: 'bulk', users: 'bulk' }),
    'orgs.csv': csv(ORGS, [{ sourcedId: 'rc-school', name: 'Roster Contract School', type: 'school', identifier: '77' }]),
    'users.csv': csv(USERS_11, [
      { sourcedId: 'rc-1', role: 'student', orgSourcedIds: 'rc-school', givenName: 'Rosa', familyName: 'Lopez', grades: '03' },
      { sourcedId: 'rc-2', role: 'student', orgSourcedIds: 'rc-school', givenName: 'Roy', familyName: 'Kim', grades: '03' },
      { sourcedId: 'rc-3', role: 'teacher', orgSourcedIds: 'rc-school', givenName: 'Tia', familyName: 'T', email: 'nobody-rc@elsewhere.test' },
      { sourcedId: 'rc-4', role: 'student', orgSourcedIds: 'nowhere', givenName: 'X', familyName: 'Y' },
    ]),
  });
const rosterPreview = () => previewed(w.owner, rosterZip());

/** A delivered note of a new client, shared with its family: the share's answer and the family, unlocked. */
async function sharedNote(firstName: string) {
  const note = ok(await w.owner.post(`/api/clients/${await newClient(firstName)}/generate-progress-note`, { reportingPeriodStart: isoDay(-30), reportingPeriodEnd: isoDay(0) }), 'note');
  ok(await w.owner.patch(`/api/progress-notes/${note.id}`, { status: 'delivered' }), 'delivered');
  const created = await w.owner.post(`/api/progress-notes/${note.id}/shares`, { language: 'en' });
  const share = ok(created, 'share');
  const token = new URL(share.url).pathname.split('/').pop()!;
  const family = new Agent();
  return { noteId: note.id as string, created, share, token, family, unlock: () => family.post(`/api/family/${token}/unlock`, { code: share.code }) };
}

/** A fresh district with a small export imported (one user, awaiting a password): the import's answers and ids. */
let importedOnce: Promise<{ owner: Agent; importId: string; userId: string; applied: TestResponse }> | undefined;
const importedDistrict = () =>
  (importedOnce ??= (async () => {
    const { agent } = await signUpOwner();
    const userId = crypto.randomUUID();
    const at = new Date().toISOString();
    const user = { id: userId, email: `moved-${userId}@district.test`, firstName: 'Moved', lastName: 'User', role: 'slp', userType: 'child', isActive: true, twoFactorEnabled: false, createdAt: at, updatedAt: at };
    const files: Record<string, string> = Object.fromEntries(exportFileNames.map((name) => [`${name}.jsonl`, '']));
    files['users.jsonl'] = `${JSON.stringify(user)}\n`;
    files['manifest.json'] = JSON.stringify({ schemaVersion: 1, createdAt: at, createdBy: userId, scope: 'account', counts: { 'users.jsonl': 1 } });
    const started = ok(await agent.post('/api/account-imports', {}), 'account import');
    expect((await upload(started.uploadUrl, zip(files))).status).toBe(200);
    const applied = await agent.post(`/api/account-imports/${started.importId}/apply`, {});
    await whenJobsIdle();
    return { owner: agent, importId: started.importId as string, userId, applied };
  })());

const cases: Record<RouteName, Case> = {
  // ---- auth and security
  getCurrentUser: () => w.owner.get('/api/user'),
  getSsoSettings: async () => [await w.owner.get('/api/account/sso'), await (await ssoDistrict()).owner.get('/api/account/sso')],
  saveSsoSettings: async () => {
    const d = await ssoDistrict();
    return d.owner.put('/api/account/sso', { issuer: idp!.issuer, clientId: idp!.clientId, emailDomains: [d.domain], passwordSignIn: 'owner_only' });
  },
  discoverSso: async () => [await new Agent().get(`/api/sso/discover?email=a%40${(await ssoDistrict()).domain}`), await new Agent().get('/api/sso/discover?email=x')],
  startSso: async () => new Agent().get(`/api/sso/start?email=a%40${(await ssoDistrict()).domain}`),
  ssoCallback: async () => {
    const d = await ssoDistrict();
    const browser = new Agent();
    const started = await browser.get(`/api/sso/start?email=${encodeURIComponent(d.email)}`);
    const back = await signInAtProvider(started.headers.Location!, d.email, SSO_CALLBACK);
    return browser.get(`${back.pathname}${back.search}`);
  },
  login: async () => {
    const plain = await new Agent().post('/api/login', { username: w.ownerEmail, password: PASSWORD });
    const { pending } = await verifiedBrowser();
    expect(pending.body).toEqual({ requiresTwoFactor: true });
    return [plain, pending];
  },
  register: () =>
    new Agent().post('/api/register', {
      email: `owner-${crypto.randomUUID()}@district.test`,
      password: PASSWORD,
      firstName: 'Rita',
      lastName: 'Register',
      accountName: 'Birch District',
      role: 'slp',
    }),
  logout: async () => (await signIn(w.ownerEmail)).agent.post('/api/logout'),
  verifyTwoFactor: async () => (await verifiedBrowser()).verified,
  setupTwoFactor: async () => (await signUpOwner()).agent.post('/api/2fa/setup', {}),
  enableTwoFactor: async () => {
    const { agent } = await signUpOwner();
    const { secret } = ok(await agent.post('/api/2fa/setup', {}), '2FA setup');
    return agent.post('/api/2fa/enable', { secret, token: await codeFor(secret) });
  },
  disableTwoFactor: async () => (await ownerWithTwoFactor()).agent.post('/api/2fa/disable', { password: PASSWORD }),
  listTrustedDevices: async () => {
    const { browser } = await verifiedBrowser();
    const list = await browser.get('/api/trusted-devices');
    expect(list.body).toHaveLength(1);
    return list;
  },
  removeTrustedDevice: async () => {
    const { browser } = await verifiedBrowser();
    const [device] = ok(await browser.get('/api/trusted-devices'), 'trusted devices');
    return browser.delete(`/api/trusted-devices/${device.id}`);
  },

  // ---- dashboard and activity
  // ---- reminders: an IEP review due in 20 days (fullIep) gives its clinician a notification
  listNotifications: async () => {
    await clientWithIep('Noor');
    const res = await w.owner.get('/api/notifications');
    expect(res.body.length).toBeGreaterThan(0);
    return res;
  },
  markNotificationsRead: async () => {
    await clientWithIep('Omar');
    const [first] = ok(await w.owner.get('/api/notifications'), 'notifications');
    return w.owner.post('/api/notifications/read', { ids: [first.id] });
  },
  getUserPreferences: () => w.owner.get('/api/user/preferences'),
  saveUserPreferences: () => w.owner.put('/api/user/preferences', { weeklyDigest: true }),
  getDashboardStats: async () => [
    await w.owner.get('/api/dashboard/stats'),
    await w.owner.get(`/api/dashboard/stats?weekStart=${encodeURIComponent(day(-3).toISOString())}`),
    await w.owner.get('/api/dashboard/stats?assignedTo=me'),
  ],
  // Its entries are checked in tests/integration/monitoring.test.ts, where students have goals at risk.
  listGoalsAtRisk: async () => [await w.owner.get('/api/dashboard/goals-at-risk'), await w.owner.get('/api/dashboard/goals-at-risk?assignedTo=me')],
  listActivities: async () => {
    const [account, mine] = [await w.owner.get('/api/activities'), await w.child.agent.get('/api/activities?scope=mine')];
    expect(account.body.length).toBeGreaterThan(0);
    return [account, mine];
  },

  // ---- organizations
  listOrganizations: () => w.owner.get('/api/organizations'),
  createOrganization: () => w.owner.post('/api/organizations', fullOrganization('Cedar Middle')),
  updateOrganization: () => w.owner.put(`/api/organizations/${w.orgId}`, fullOrganization('Lincoln Elementary (main)')),
  archiveOrganization: async () => {
    const empty = ok(await w.owner.post('/api/organizations', fullOrganization('Closing School')), 'organization');
    return w.owner.post(`/api/organizations/${empty.id}/archive`);
  },

  // ---- clients
  listClients: async () => {
    const page = await w.owner.get('/api/clients?limit=1');
    return [await w.owner.get('/api/clients'), page, await w.owner.get(`/api/clients?limit=1&cursor=${encodeURIComponent(page.body.nextCursor as string)}`)];
  },
  getClient: () => w.owner.get(`/api/clients/${w.clientId}`),
  createClient: () => w.owner.post('/api/clients', fullClient(w.orgId, 'Noor')),
  updateClient: () => w.owner.put(`/api/clients/${w.clientId}`, { ...fullClient(w.orgId, 'Ava'), teacher: 'Room 14' }),
  archiveClient: async () => w.owner.post(`/api/clients/${await newClient('Leaving')}/archive`),

  // ---- users and permissions
  listUsers: () => w.owner.get('/api/users'),
  createUser: () =>
    w.owner.post('/api/users', {
      user: { firstName: 'Sam', lastName: 'Assistant', email: `sam-${crypto.randomUUID()}@district.test`, password: PASSWORD, role: 'assistant' },
      permissions: { canCreateSessions: true, allowedOrganizationIds: [w.orgId] },
    }),
  updateUserStatus: async () => {
    const { id } = await createChild(w.owner);
    return w.owner.patch(`/api/users/${id}`, { isActive: false });
  },
  updateUserPermissions: () => w.owner.put(`/api/users/${w.child.id}/permissions`, { canViewReports: true, canViewProgressNotes: true, allowedOrganizationIds: [w.orgId] }),
  updateUserSupervisors: async () => {
    const slp = ok(
      await w.owner.post('/api/users', {
        user: { firstName: 'Sasha', lastName: 'Supervisor', email: `slp-${crypto.randomUUID()}@district.test`, password: PASSWORD, role: 'slp' },
        permissions: { canEditSessions: true },
      }),
      'SLP',
    );
    // The child is an assistant: its answer carries the supervisors.
    const set = await w.owner.put(`/api/users/${w.child.id}/supervisors`, { supervisorIds: [slp.id, w.ownerId] });
    expect(set.body.supervisorIds).toEqual([slp.id, w.ownerId]);
    return set;
  },
  listClinicians: async () => [await w.owner.get('/api/clinicians'), await w.child.agent.get(`/api/clinicians?organizationId=${w.orgId}`)],
  getUserPermissions: async () => [await w.owner.get('/api/user-permissions'), await w.child.agent.get('/api/user-permissions')],

  // ---- sessions
  listSessions: async () => {
    const list = await w.owner.get('/api/sessions');
    expect(list.body.length).toBeGreaterThan(0);
    return list;
  },
  createSession: () => w.owner.post('/api/sessions', newSession([w.clientId, w.otherClientId])),
  getSession: () => w.owner.get(`/api/sessions/${w.sessionId}`),
  updateSession: () => w.owner.put(`/api/sessions/${w.sessionId}`, { ...newSession([w.clientId]), status: 'completed' }),
  deleteSession: async () => w.owner.delete(`/api/sessions/${await newSessionWith([w.clientId])}`),
  getSessionClientGoals: async () => {
    const goals = await w.owner.get(`/api/sessions/${w.sessionId}/client-goals`);
    expect(goals.body.length).toBeGreaterThan(0);
    return goals;
  },
  listSessionNotes: async () => {
    const notes = await w.owner.get(`/api/sessions/${w.sessionId}/notes`);
    expect(notes.body.length).toBeGreaterThan(0);
    // A signed, co-signed note with an addendum answers every optional part.
    const assistant = await assistantSigner();
    const signedSessionId = await signedNote(assistant);
    ok(await assistant.agent.post(`/api/sessions/${signedSessionId}/addenda`, { clientId: w.clientId, text: 'Parent called after the session.' }), 'addendum');
    ok(await w.owner.post(`/api/sessions/${signedSessionId}/cosign`, { clientId: w.clientId }), 'co-signature');
    const signed = await w.owner.get(`/api/sessions/${signedSessionId}/notes`);
    expect(signed.body).toMatchObject([{ signature: { role: 'assistant' }, cosignature: { role: 'slp' }, addenda: [expect.anything()] }]);
    return [notes, signed];
  },
  saveSessionNote: () => w.owner.post(`/api/sessions/${w.sessionId}/notes`, { clientId: w.clientId, notes: '<p>Worked on /r/ with picture cards</p>' }),
  listSessionProgress: async () => {
    const progress = await w.owner.get(`/api/sessions/${w.sessionId}/progress`);
    expect(progress.body.length).toBeGreaterThan(0);
    // A row scored live answers its trials and their totals, and keeps the notes of the count form.
    const sessionId = await newSessionWith([w.clientId]);
    ok(await w.owner.post(`/api/sessions/${sessionId}/progress`, { goalId: w.goalId, successfulAttempts: 1, totalAttempts: 2, notes: 'Tired today' }), 'progress');
    ok(await w.owner.put(`/api/sessions/${sessionId}/trials`, scoredTrials(new Date().toISOString())), 'trials');
    const scored = await w.owner.get(`/api/sessions/${sessionId}/progress`);
    expect(scored.body).toMatchObject([{ notes: 'Tired today', trials: [expect.anything(), expect.anything(), expect.anything()], cueCounts: { independent: 2 } }]);
    return [progress, scored];
  },
  saveSessionProgress: () => w.owner.post(`/api/sessions/${w.sessionId}/progress`, { goalId: w.goalId, successfulAttempts: 8, totalAttempts: 10, notes: 'Good effort' }),
  saveSessionTrials: async () => w.owner.put(`/api/sessions/${await newSessionWith([w.clientId])}/trials`, scoredTrials(new Date().toISOString())),
  addParticipant: async () => w.owner.post(`/api/sessions/${await newSessionWith([w.clientId])}/participants`, { clientId: w.otherClientId, status: 'scheduled' }),
  updateParticipant: () => w.owner.patch(`/api/sessions/${w.sessionId}/participants/${w.clientId}`, { status: 'present' }),
  removeParticipant: async () => w.owner.delete(`/api/sessions/${await newSessionWith([w.clientId, w.otherClientId])}/participants/${w.otherClientId}`),

  // ---- timetable
  createSessionSeries: () => w.owner.post('/api/session-series', weeklySeries([w.clientId])),
  getSessionSeries: async () => w.owner.get(`/api/session-series/${await newSeriesWith([w.clientId])}`),
  updateSessionSeries: async () =>
    w.owner.put(`/api/session-series/${await newSeriesWith([w.clientId])}`, { ...weeklySeries([w.clientId, w.otherClientId]), weekdays: [2, 4], from: isoDay(21) }),
  deleteSessionSeries: async () => {
    const seriesId = await newSeriesWith([w.clientId]);
    // From a later date the series stays (ending earlier); from its start nothing of it remains.
    const partly = await w.owner.delete(`/api/session-series/${seriesId}?from=${isoDay(21)}`);
    expect(partly.body.series).toBeDefined();
    return [partly, await w.owner.delete(`/api/session-series/${seriesId}?from=${isoDay(0)}`)];
  },
  listClosures: async () => {
    ok(await w.owner.put('/api/closures', [{ date: isoDay(200), label: 'Winter break' }]), 'closures');
    return w.owner.get('/api/closures');
  },
  saveClosures: async () => {
    await newSeriesWith([w.clientId]);
    // A weekday inside the series: its occurrence is canceled.
    const staffDay = [14, 15, 16].map(isoDay).find((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))!;
    const saved = await w.owner.put('/api/closures', [{ date: isoDay(200), label: 'Winter break' }, { date: staffDay, label: 'Staff day' }]);
    expect(saved.body.canceledSessions).toBeGreaterThan(0);
    return saved;
  },
  getClosureJob: async () => {
    // An account of its own: two daily series, and closures on more school days than the
    // synchronous limit covers (two sessions a day), so the save answers with a background job.
    const { agent: owner, user } = await signUpOwner();
    const org = await putOrganization(user.accountId, 'Job Elementary');
    for (const [firstName, time] of [['Jo', '09:00'], ['Kai', '13:30']] as const) {
      const client = await putClient(user.accountId, { firstName, organizationId: org.id });
      ok(await owner.post('/api/session-series', { clientIds: [client.id], weekdays: [1, 2, 3, 4, 5], time, startsOn: isoDay(30), until: isoDay(300) }), 'series');
    }
    const weekdays = Array.from({ length: 170 }, (_, i) => isoDay(31 + i)).filter((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()));
    const saved = ok(await owner.put('/api/closures', weekdays.map((date) => ({ date, label: 'Closed' }))), 'closures with a job');
    expect(saved.job).toMatchObject({ status: 'running' });
    await whenJobsIdle();
    const finished = await owner.get(`/api/closure-jobs/${saved.job.id}`);
    expect(finished.body).toMatchObject({ status: 'done', progress: 100 });
    return finished;
  },

  listSchoolYears: async () => {
    ok(await w.owner.put('/api/school-years', schoolYears), 'school years');
    const answer = await w.owner.get('/api/school-years');
    expect(answer.body.schoolYears).toEqual(schoolYears);
    return answer;
  },
  saveSchoolYears: async () => {
    await newSeriesWith([w.clientId]);
    // A break over the next days of the series: its occurrences there are canceled.
    const withBreak = [{ ...schoolYears[0]!, breaks: [{ name: 'Fall break', start: isoDay(14), end: isoDay(18) }] }];
    const saved = await w.owner.put('/api/school-years', withBreak);
    expect(saved.body.canceledSessions).toBeGreaterThan(0);
    return saved;
  },

  // ---- account, IEPs and service minutes
  getReportingPeriods: async () => {
    ok(await w.owner.put('/api/reporting-periods', reportingPeriods), 'reporting periods');
    const answer = await w.owner.get('/api/reporting-periods');
    expect(answer.body.current).toEqual(reportingPeriods[1]);
    return answer;
  },
  saveReportingPeriods: () => w.owner.put('/api/reporting-periods', reportingPeriods),
  getAccount: () => w.owner.get('/api/account'),
  updateAccount: () => w.owner.put('/api/account', { name: 'Lincoln District', timeZone: 'America/New_York' }),
  // Asked and canceled at once: the shared district must not stay scheduled for deletion.
  requestAccountDeletion: async () => {
    const { name } = ok(await w.owner.get('/api/account'), 'account') as { name: string };
    const asked = await w.owner.post('/api/account/deletion', { confirmName: name });
    ok(await w.owner.delete('/api/account/deletion'), 'cancel');
    return asked;
  },
  cancelAccountDeletion: () => w.owner.delete('/api/account/deletion'),
  listPurgeReports: () => w.owner.get('/api/account/purge-reports'),
  listIeps: async () => {
    const clientId = await clientWithIep('Iris');
    const ieps = await w.owner.get(`/api/clients/${clientId}/ieps`);
    expect(ieps.body).toHaveLength(1);
    return ieps;
  },
  createIep: async () => w.owner.post(`/api/clients/${await newClient('Jade')}/ieps`, fullIep()),
  updateIep: async () => {
    const iep = ok(await w.owner.post(`/api/clients/${await newClient('Kai')}/ieps`, fullIep()), 'IEP');
    return w.owner.put(`/api/ieps/${iep.id}`, { ...fullIep(), status: 'ended' });
  },
  deleteIep: async () => {
    const iep = ok(await w.owner.post(`/api/clients/${await newClient('Lior')}/ieps`, fullIep()), 'IEP');
    return w.owner.delete(`/api/ieps/${iep.id}`);
  },
  getClientServiceMinutes: async () => {
    const clientId = await clientWithIep('Mila');
    return [await w.owner.get(`/api/clients/${clientId}/service-minutes`), await w.owner.get(`/api/clients/${clientId}/service-minutes?from=${isoDay(-14)}&to=${isoDay(14)}`)];
  },
  listClientMakeups: async () => {
    const sessionId = await newSessionWith([w.otherClientId]);
    ok(await w.owner.patch(`/api/sessions/${sessionId}/participants/${w.otherClientId}`, { status: 'canceled', cancelReason: 'provider_unavailable' }), 'canceled participation');
    const makeups = await w.owner.get(`/api/clients/${w.otherClientId}/makeups`);
    expect(makeups.body.length).toBeGreaterThan(0);
    return makeups;
  },
  listServiceMinutes: async () => {
    await clientWithIep('Nia');
    const rows = await w.owner.get('/api/service-minutes?assignedTo=all');
    expect(rows.body.some((r: { nextReviewDate?: string }) => r.nextReviewDate)).toBe(true);
    return [rows, await w.owner.get(`/api/service-minutes?from=${isoDay(-14)}&to=${isoDay(14)}`)];
  },
  exportServiceMinutes: () => w.owner.get('/api/service-minutes/export?assignedTo=all'),
  getMinutesSummary: async () => [await w.owner.get('/api/service-minutes/summary'), await w.owner.get('/api/service-minutes/summary?assignedTo=all')],

  // ---- goals and progress data
  listGoals: async () => {
    const goals = await w.owner.get(`/api/goals?clientId=${w.clientId}`);
    // The main goal has progress, so its recent accuracy and its monitoring are answered too.
    expect(goals.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: w.goalId, recentAccuracy: expect.any(Number), baseline: expect.anything(), monitoring: expect.objectContaining({ basis: expect.any(String) }) })]),
    );
    return goals;
  },
  createGoal: () => w.owner.post('/api/goals', fullGoal(w.clientId, 'Use plurals')),
  updateGoal: async () => {
    const goal = ok(await w.owner.post('/api/goals', fullGoal(w.clientId, 'Follow directions')), 'goal');
    const mastered = await w.owner.put(`/api/goals/${goal.id}`, { status: 'mastered' });
    expect(mastered.body.masteredDate).toBeDefined();
    return [mastered, await w.owner.put(`/api/goals/${goal.id}`, { ...goalFields('Follow two-step directions'), status: 'active' })];
  },
  deleteGoal: async () => {
    const goal = ok(await w.owner.post('/api/goals', fullGoal(w.clientId, 'Retired goal')), 'goal');
    return w.owner.delete(`/api/goals/${goal.id}`);
  },
  listProgress: async () => {
    const progress = await w.owner.get(`/api/progress?clientId=${w.clientId}`);
    expect(progress.body.length).toBeGreaterThan(0);
    return progress;
  },

  // ---- progress notes
  listClientProgressNotes: () => w.owner.get(`/api/clients/${w.clientId}/progress-notes`),
  // Fresh clients: a period overlapping Ava's note would be refused (one note per client and period).
  generateProgressNote: async () => w.owner.post(`/api/clients/${await newClient('Nora')}/generate-progress-note`, { reportingPeriodStart: isoDay(-10), reportingPeriodEnd: isoDay(0) }),
  listProgressNotes: async () => [await w.owner.get('/api/progress-notes'), await w.owner.get('/api/progress-notes?assignedTo=me')],
  listMissingProgressNotes: async () => {
    ok(await w.owner.put('/api/reporting-periods', reportingPeriods), 'reporting periods');
    const clientId = await newClient('Milo');
    ok(await w.owner.post('/api/goals', fullGoal(clientId, 'Produce /l/')), 'goal');
    const missing = await w.owner.get('/api/progress-notes/missing');
    expect(missing.body.clients).toContainEqual({ id: clientId, firstName: 'Milo', lastInitial: expect.any(String) });
    return [missing, await w.owner.get('/api/progress-notes/missing?assignedTo=me')];
  },
  updateProgressNote: () => w.owner.patch(`/api/progress-notes/${w.noteId}`, { content: '<p>Ava made steady progress on /r/.</p>' }),
  deleteProgressNote: async () => {
    const note = ok(await w.owner.post(`/api/clients/${await newClient('Dina')}/generate-progress-note`, { reportingPeriodStart: isoDay(-20), reportingPeriodEnd: isoDay(0) }), 'note');
    return w.owner.delete(`/api/progress-notes/${note.id}`);
  },
  bulkGenerateProgressNotes: async () => {
    const started = await w.owner.post('/api/generate-progress-notes-bulk', { clientIds: [w.clientId, w.otherClientId], ...period, skipExisting: true });
    await whenJobsIdle();
    return started;
  },
  getBulkGenerationJob: async () => {
    // A client id that names no client: the job records an error for it.
    const clientIds = [await newClient('Gus'), await newClient('Hal'), crypto.randomUUID()];
    const job = ok(await w.owner.post('/api/generate-progress-notes-bulk', { clientIds, reportingPeriodStart: isoDay(-40), reportingPeriodEnd: isoDay(0), skipExisting: false }), 'bulk job');
    await whenJobsIdle();
    const finished = await w.owner.get(`/api/generate-progress-notes-bulk/${job.jobId}`);
    expect(finished.body).toMatchObject({ status: 'completed', errors: [expect.anything()] });
    return finished;
  },
  downloadProgressNotePdf: () => w.owner.get(`/api/progress-notes/${w.noteId}/pdf`),
  createShare: async () => (await sharedNote('Fay')).created,
  listShares: async () => {
    const shared = await sharedNote('Gia');
    ok(await shared.unlock(), 'unlock');
    ok(await shared.family.post(`/api/family/${shared.token}/acknowledge`, { name: 'Gia Parent' }), 'acknowledge');
    return w.owner.get(`/api/progress-notes/${shared.noteId}/shares`);
  },
  revokeShare: async () => {
    const shared = await sharedNote('Hana');
    return w.owner.delete(`/api/progress-notes/${shared.noteId}/shares/${shared.share.id}`);
  },
  createNoteTranslation: async () => w.owner.post(`/api/progress-notes/${(await sharedNote('Ned')).noteId}/translations`, { language: 'es', text: '<p>Ned practicó cada semana.</p>' }),
  reviewNoteTranslation: async () => {
    const shared = await sharedNote('Ola');
    ok(await w.owner.post(`/api/progress-notes/${shared.noteId}/translations`, { language: 'es', text: '<p>Borrador</p>' }), 'draft');
    return w.owner.put(`/api/progress-notes/${shared.noteId}/translations/es`, { text: '<p>Ola practicó cada semana.</p>', reviewed: true });
  },
  unlockFamilyShare: async () => (await sharedNote('Ida')).unlock(),
  getFamilyReport: async () => {
    const shared = await sharedNote('Jo');
    ok(await shared.unlock(), 'unlock');
    return [await shared.family.get(`/api/family/${shared.token}/report`), await shared.family.get(`/api/family/${shared.token}/report?lang=en`)];
  },
  downloadFamilyReportPdf: async () => {
    const shared = await sharedNote('Kai');
    ok(await shared.unlock(), 'unlock');
    return shared.family.get(`/api/family/${shared.token}/report.pdf`);
  },
  acknowledgeFamilyShare: async () => {
    const shared = await sharedNote('Lea');
    ok(await shared.unlock(), 'unlock');
    return shared.family.post(`/api/family/${shared.token}/acknowledge`, { name: 'Lea Parent' });
  },
  downloadSessionNotePdf: () => w.owner.get(`/api/sessions/${w.sessionId}/notes/${w.clientId}/pdf`),

  // ---- reports
  getReport: async () => [await w.owner.get('/api/reports?days=30'), await w.owner.get(`/api/reports?days=90&clientId=${w.clientId}&goalType=articulation`)],
  exportReport: async () => {
    const [json, csv] = [await w.owner.get('/api/reports/export?days=30'), await w.owner.get('/api/reports/export?days=30&format=csv')];
    // The JSON file is the report itself.
    expect(safeParseStrict(report, JSON.parse(json.text)).error?.issues ?? []).toEqual([]);
    return [json, csv];
  },

  // ---- signed notes
  signSessionNote: async () => {
    const sessionId = await heldSessionWith([w.clientId], w.ownerId);
    ok(await w.owner.post(`/api/sessions/${sessionId}/notes`, { clientId: w.clientId, notes: '<p>Worked on /r/</p>' }), 'note');
    return w.owner.post(`/api/sessions/${sessionId}/sign`, { clientId: w.clientId });
  },
  cosignSessionNote: async () => {
    const sessionId = await signedNote(await assistantSigner());
    ok(await (await assistantSigner()).agent.post(`/api/sessions/${sessionId}/addenda`, { clientId: w.clientId, text: 'Parent called after the session.' }), 'addendum');
    const cosigned = await w.owner.post(`/api/sessions/${sessionId}/cosign`, { clientId: w.clientId });
    expect(cosigned.body).toMatchObject({ signature: { role: 'assistant' }, cosignature: { role: 'slp' }, addenda: [expect.anything()] });
    return cosigned;
  },
  addSessionAddendum: async () => w.owner.post(`/api/sessions/${await signedNote(ownerSigner())}/addenda`, { clientId: w.clientId, text: 'Corrected the goal named in the note.' }),
  getPendingSignatures: async () => {
    await signedNote(await assistantSigner());
    // The owner's own session ten days ago, completed with the client present, its note unsigned.
    const past = { ...newSession([w.clientId]), scheduledAt: day(-10).toISOString() };
    const sessionId = ok(await w.owner.post('/api/sessions', past), 'session').id;
    ok(await w.owner.patch(`/api/sessions/${sessionId}/participants/${w.clientId}`, { status: 'present' }), 'present participation');
    ok(await w.owner.put(`/api/sessions/${sessionId}`, { ...past, status: 'completed' }), 'completed session');
    const pending = await w.owner.get('/api/signatures/pending');
    expect(pending.body.awaitingMyCosignature.length).toBeGreaterThan(0);
    expect(pending.body.myUnsigned.length).toBeGreaterThan(0);
    return pending;
  },

  // ---- the Medicaid service log
  listServiceLog: async () => {
    await completedSessionWithCodedClient();
    const period = `from=${isoDay(-7)}&to=${isoDay(0)}`;
    const lines = await w.owner.get(`/api/service-log?${period}&assignedTo=all`);
    expect(lines.body.length).toBeGreaterThan(0);
    return [lines, await w.owner.get('/api/service-log'), await w.owner.get(`/api/service-log?${period}&medicaidOnly=true&unsignedOnly=true`)];
  },
  exportServiceLog: async () => {
    await completedSessionWithCodedClient();
    return w.owner.get(`/api/service-log/export?from=${isoDay(-7)}&to=${isoDay(0)}&assignedTo=all`);
  },
  startExport: async () => {
    const started = await w.owner.post('/api/exports', { kind: 'serviceLog', from: isoDay(-7), to: isoDay(0), assignedTo: 'all' });
    await whenJobsIdle();
    return started;
  },
  getExport: async () => {
    const job = ok(await w.owner.post('/api/exports', { kind: 'minutes', assignedTo: 'all' }), 'export job');
    await whenJobsIdle();
    const done = await w.owner.get(`/api/exports/${job.id}`);
    expect(done.body).toMatchObject({ status: 'done', downloadUrl: expect.any(String) });
    return done;
  },
  downloadExport: async () => {
    const job = ok(await w.owner.post('/api/exports', { kind: 'minutes', assignedTo: 'all' }), 'export job');
    await whenJobsIdle();
    return w.owner.get(`/api/exports/${job.id}/file`);
  },

  // ---- roster import and the district roster
  startRosterImport: () => w.owner.post('/api/roster-imports', { size: 1000 }),
  listRosterImports: async () => {
    await rosterPreview();
    return w.owner.get('/api/roster-imports');
  },
  getRosterImport: async () => w.owner.get(`/api/roster-imports/${(await rosterPreview()).id}`),
  previewRosterImport: async () => {
    const { res } = await startPreview(w.owner, rosterZip(), { allStudentsAreClients: false });
    await whenJobsIdle();
    return res;
  },
  applyRosterImport: async () => {
    const preview = await rosterPreview();
    const res = await w.owner.post(`/api/roster-imports/${preview.id}/apply`, { schoolYears: false });
    await whenJobsIdle();
    return res;
  },
  listRoster: async () => {
    const preview = await rosterPreview();
    await applied(w.owner, preview.id);
    const page = await w.owner.get('/api/roster?limit=1');
    expect(page.body.items[0]).toMatchObject({ gradeLevel: '3', organizationId: expect.any(String) });
    return [page, await w.owner.get(`/api/roster?limit=1&cursor=${page.body.nextCursor}`), await w.owner.get(`/api/roster?search=Ro&gradeLevel=3&organizationId=${page.body.items[0].organizationId}`)];
  },

  // ---- import of a whole export
  startAccountImport: async () => (await signUpOwner()).agent.post('/api/account-imports', { size: 1000 }),
  getAccountImport: async () => {
    const { owner, importId } = await importedDistrict();
    return owner.get(`/api/account-imports/${importId}`);
  },
  applyAccountImport: async () => (await importedDistrict()).applied,
  setUserPassword: async () => {
    const { owner, userId } = await importedDistrict();
    return owner.put(`/api/users/${userId}/password`, { password: 'Another-password-7!' });
  },

  // ---- the goal bank
  listGoalBank: async () => {
    ok(await w.owner.post('/api/goal-bank', fullTemplate('Plural -s in sentences')), 'goal template');
    const bank = await w.owner.get('/api/goal-bank');
    // Both sources, the account's template with every optional field.
    expect(bank.body).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'account', criterionMaxCue: 'verbal' }), expect.objectContaining({ source: 'caseload' })]));
    return [bank, await w.owner.get('/api/goal-bank?type=fluency&search=onset')];
  },
  createGoalTemplate: () => w.owner.post('/api/goal-bank', fullTemplate('Regular past -ed')),
  deleteGoalTemplate: async () => {
    const template = ok(await w.owner.post('/api/goal-bank', fullTemplate('Retired template')), 'goal template');
    return w.owner.delete(`/api/goal-bank/${template.id}`);
  },
};

beforeAll(async () => {
  const { agent: owner, email: ownerEmail, user } = await signUpOwner();
  const orgId = ok(await owner.post('/api/organizations', fullOrganization('Lincoln Elementary')), 'organization').id;
  const clientId = ok(await owner.post('/api/clients', fullClient(orgId, 'Ava')), 'client').id;
  const otherClientId = ok(await owner.post('/api/clients', fullClient(orgId, 'Ben')), 'client').id;
  const goalId = ok(await owner.post('/api/goals', fullGoal(clientId, 'Produce /r/')), 'goal').id;
  const sessionId = ok(await owner.post('/api/sessions', newSession([clientId])), 'session').id;
  ok(await owner.post(`/api/sessions/${sessionId}/notes`, { clientId, notes: '<p>Good session</p>' }), 'session note');
  ok(await owner.post(`/api/sessions/${sessionId}/progress`, { goalId, successfulAttempts: 7, totalAttempts: 10, notes: 'Needed cues' }), 'progress');
  const noteId = ok(await owner.post(`/api/clients/${clientId}/generate-progress-note`, period), 'progress note').id;
  const child = await createChild(owner, { canViewReports: true, allowedOrganizationIds: [orgId] });
  w = { owner, ownerEmail, ownerId: user.id as string, orgId, clientId, otherClientId, goalId, sessionId, noteId, child: { agent: child.agent, id: child.id } };
}, 120_000);

afterAll(async () => {
  await idp?.close();
});

/** A file route's response schema is a string: the body as sent. */
const isFile = (name: RouteName) => routes[name].response._zod.def.type === 'string';
/** Routes a browser navigates to that answer with a redirect (SSO), not a file. */
const REDIRECTS: RouteName[] = ['startSso', 'ssoCallback'];

describe('every answer matches its route response schema', () => {
  it('has a case for every route of the manifest', () => {
    expect(Object.keys(routes).filter((name) => !(name in cases))).toEqual([]);
  });

  it.each(Object.keys(routes) as RouteName[])('%s', async (name) => {
    const makeCase = cases[name];
    if (!makeCase) throw new Error(`No response-contract case for route ${name}: add one to this file`);
    const answers = [await makeCase()].flat();
    for (const res of answers) {
      if (REDIRECTS.includes(name)) {
        expect(res.status, res.text).toBe(302);
        expect(res.headers.Location).toMatch(/^(\/|http)/);
        continue;
      }
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      const parsed = safeParseStrict(routes[name].response, isFile(name) ? res.text : res.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      if (isFile(name)) expect(res.headers['Content-Disposition']).toMatch(/^attachment; filename="/);
    }
  });
});
