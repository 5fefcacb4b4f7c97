/**
 * Reminders (part 4 §8) over the real handlers and DynamoDB Local: each notification kind appears
 * for the clinicians assigned to the student (co-signature: the assistant's supervisors; a finished
 * export: who started it), disappears when its cause is resolved (by the change itself where it is
 * cheap, else by the daily job), never reaches a user who may not see the student, read marks that
 * ignore other users' ids, other tenants; the weekly digest: opt-in, counts and links only, no
 * student name, written to the data folder's outbox/ as .eml files.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, now } from '../../packages/core/src/clock.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import type { OrganizationItem } from '../../packages/core/src/items.ts';
import { isDigestHour, runWeeklyDigest, sendAccountDigests } from '../../packages/core/src/notifications/digest.ts';
import { refreshAccountReminders } from '../../packages/core/src/notifications/job.ts';
import { listUserNotifications } from '../../packages/core/src/notifications/repo.ts';
import { jobRunners } from '../../packages/core/src/scheduled-jobs/jobs.ts';
import { unlimited } from '../../packages/core/src/scheduled-jobs/types.ts';
import { addDays, localDate } from '../../packages/core/src/school-calendar/dates.ts';
import type { Agent } from '../support/api.ts';
import { PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';
import { addGoal, clinicianPermissions, expectStatus, held } from '../support/fixtures-sessions.ts';
import { putOrganization } from '../support/records.ts';
import { requestsOf } from '../support/dynamodb-requests.ts';

const ZONE = 'America/New_York';

interface User {
  agent: Agent;
  id: string;
  email: string;
}
interface Listed {
  id: string;
  kind: string;
  text: string;
  link: string;
  createdAt: string;
  read: boolean;
}

let accountId: string;
let owner: User;
let sam: User;
let assistant: User;
let stranger: User;
let orgA: OrganizationItem;
let orgB: OrganizationItem;
const dataDir = mkdtempSync(join(tmpdir(), 'caseload-reminders-'));
const dataDirBefore = process.env.DATA_DIR;

const today = () => localDate(now(), ZONE);
const list = async (user: User) => expectStatus(await user.agent.get('/api/notifications'), 200) as Listed[];
const kindsFor = async (user: User, clientId: string) => (await list(user)).filter((n) => n.link.endsWith(clientId)).map((n) => n.kind).sort();
/** Moves the clock on by whole days; the login sessions would be idle that long, so everyone signs in again. */
async function daysLater(days: number) {
  testClock.advance(days * 86_400_000);
  for (const user of [owner, sam, assistant]) user.agent = (await signIn(user.email)).agent;
}
/** Back to the real clock, signed in afresh. */
async function backToNow() {
  testClock.reset();
  for (const user of [owner, sam, assistant]) user.agent = (await signIn(user.email)).agent;
}

/** The daily job's work for this district (the job runs it for every district). */
const dailyJob = () => refreshAccountReminders(accountId, ZONE, now());

async function createUser(role: 'slp' | 'assistant', permissions: Record<string, unknown>, firstName: string): Promise<User> {
  const email = `${role}-${randomUUID()}@district.test`;
  const created = expectStatus(await owner.agent.post('/api/users', { user: { firstName, lastName: 'Lee', email, password: PASSWORD, role }, permissions }), 201);
  return { agent: (await signIn(email)).agent, id: created.id, email };
}

async function newClient(firstName: string, clinicianIds: string[], organizationId = orgA.id): Promise<string> {
  return expectStatus(await owner.agent.post('/api/clients', { firstName, lastInitial: 'Q', organizationId, status: 'active', clinicianIds }), 201).id;
}

/** An IEP current today: 60 minutes a week since 180 days ago, no session delivered (minutes behind). */
const iep = (review: number, evaluation: number) => ({
  startDate: addDays(today(), -180),
  endDate: addDays(today(), 180),
  nextReviewDate: addDays(today(), review),
  nextEvaluationDate: addDays(today(), evaluation),
  status: 'active',
  serviceMinutes: 60,
  servicePer: 'week',
  serviceType: 'individual',
});

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  const [o, x] = await Promise.all([signUpOwner({ firstName: 'Olivia', lastName: 'Owner' }), signUpOwner()]);
  accountId = o.user.accountId;
  owner = { agent: o.agent, id: o.user.id, email: o.email };
  stranger = { agent: x.agent, id: x.user.id, email: x.email };
  [orgA, orgB] = await Promise.all([putOrganization(accountId, 'Alder Elementary'), putOrganization(accountId, 'Birch Middle')]);
  [sam, assistant] = await Promise.all([createUser('slp', clinicianPermissions, 'Sam'), createUser('assistant', clinicianPermissions, 'Alex')]);
  expectStatus(await owner.agent.put(`/api/users/${assistant.id}/supervisors`, { supervisorIds: [owner.id, sam.id] }), 200);
  // A school year around today, so minutes are counted (and fall behind).
  expectStatus(await owner.agent.put('/api/school-years', [{ name: 'This year', firstDay: addDays(today(), -200), lastDay: addDays(today(), 120) }]), 200);
}, 60_000);

afterAll(() => {
  testClock.reset();
  if (dataDirBefore === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDirBefore;
});

describe('IEP review, re-evaluation and minutes behind', () => {
  it('appear for the assigned clinicians when the IEP is saved, linking the student, and go when it changes', async () => {
    const ava = await newClient('Ava', [owner.id, sam.id]);
    const other = await newClient('Otto', [owner.id]);
    expectStatus(await owner.agent.post(`/api/clients/${other}/ieps`, iep(200, 300)), 201);
    const created = expectStatus(await owner.agent.post(`/api/clients/${ava}/ieps`, iep(20, 50)), 201);

    for (const user of [owner, sam]) expect(await kindsFor(user, ava)).toEqual(['evaluation_due', 'iep_review_due', 'minutes_behind']);
    const review = (await list(owner)).find((n) => n.kind === 'iep_review_due' && n.link === `/clients/${ava}`)!;
    expect(review).toMatchObject({ id: `iep_review_due.${ava}`, read: false });
    expect(review.text).toMatch(/^IEP review for Ava Q\. due /);
    // Review and re-evaluation far off: only the minutes; and only the clinicians assigned get any.
    expect(await kindsFor(owner, other)).toEqual(['minutes_behind']);
    expect(await kindsFor(sam, other)).toEqual([]);
    expect(await kindsFor(assistant, ava)).toEqual([]);

    // Moved out of the windows (review beyond 30 days, evaluation beyond 60): the save removes them.
    expectStatus(await owner.agent.put(`/api/ieps/${created.id}`, iep(31, 61)), 200);
    expect(await kindsFor(owner, ava)).toEqual(['minutes_behind']);
    // Deleted: no IEP, nothing due and no minutes owed.
    expectStatus(await owner.agent.delete(`/api/ieps/${created.id}`), 200);
    expect(await kindsFor(owner, ava)).toEqual([]);
    expect(await kindsFor(sam, ava)).toEqual([]);
  });

  it('a user who may no longer see the student never reads its reminder, and the daily job deletes it', async () => {
    const bo = await newClient('Bo', [owner.id, sam.id]);
    expectStatus(await owner.agent.post(`/api/clients/${bo}/ieps`, iep(10, 100)), 201);
    expect(await kindsFor(sam, bo)).toEqual(['iep_review_due', 'minutes_behind']);
    expectStatus(await owner.agent.put(`/api/users/${sam.id}/permissions`, { ...clinicianPermissions, allowedOrganizationIds: [orgB.id] }), 200);
    sam.agent = (await signIn(sam.email)).agent;
    expect(await kindsFor(sam, bo)).toEqual([]);
    expect((await listUserNotifications(accountId, sam.id)).some((n) => n.clientId === bo)).toBe(true);
    await dailyJob();
    expect((await listUserNotifications(accountId, sam.id)).some((n) => n.clientId === bo)).toBe(false);
    expect(await kindsFor(owner, bo)).toEqual(['iep_review_due', 'minutes_behind']);
    expectStatus(await owner.agent.put(`/api/users/${sam.id}/permissions`, { ...clinicianPermissions, allowedOrganizationIds: [] }), 200);
    sam.agent = (await signIn(sam.email)).agent;
    await dailyJob();
    expect(await kindsFor(sam, bo)).toEqual(['iep_review_due', 'minutes_behind']);
  });

  it('the daily job writes what a change outside the reminders caused, keeps read marks, and removes what is resolved', async () => {
    const cy = await newClient('Cy', [owner.id]);
    const created = expectStatus(await owner.agent.post(`/api/clients/${cy}/ieps`, iep(45, 100)), 201);
    expect(await kindsFor(owner, cy)).toEqual(['minutes_behind']);
    // 20 days on, the review is 25 days away: the daily job announces it.
    await daysLater(20);
    try {
      await dailyJob();
      expect(await kindsFor(owner, cy)).toEqual(['iep_review_due', 'minutes_behind']);
      expectStatus(await owner.agent.post('/api/notifications/read', { ids: [`iep_review_due.${cy}`] }), 200);
      await dailyJob();
      expect((await list(owner)).find((n) => n.id === `iep_review_due.${cy}`)!.read).toBe(true);
      expectStatus(await owner.agent.delete(`/api/ieps/${created.id}`), 200);
      expect(await kindsFor(owner, cy)).toEqual([]);
    } finally {
      await backToNow();
    }
  });
});

describe('missing notes', () => {
  it('appear once the current reporting period ends within 14 days, for a student with an active goal and no note, and go with the note', async () => {
    const dee = await newClient('Dee', [owner.id]);
    await addGoal(owner.agent, dee);
    expectStatus(await owner.agent.put('/api/reporting-periods', [{ name: 'Now', start: addDays(today(), -60), end: addDays(today(), 20) }]), 200);
    await dailyJob();
    expect(await kindsFor(owner, dee)).toEqual([]);
    expectStatus(await owner.agent.put('/api/reporting-periods', [{ name: 'Now', start: addDays(today(), -60), end: addDays(today(), 10) }]), 200);
    await dailyJob();
    expect(await kindsFor(owner, dee)).toEqual(['notes_missing']);
    expect((await list(owner)).find((n) => n.id === `notes_missing.${dee}`)!.text).toMatch(/^Progress note missing for Dee Q\.: the reporting period ends /);
    expectStatus(await owner.agent.post(`/api/clients/${dee}/generate-progress-note`, { reportingPeriodStart: addDays(today(), -60), reportingPeriodEnd: addDays(today(), 10) }), 201);
    await dailyJob();
    expect(await kindsFor(owner, dee)).toEqual([]);
  });
});

describe('co-signature', () => {
  it("reaches the assistant's supervisors after two school days from the signature, and goes for all of them with the co-signature", async () => {
    const eli = await newClient('Eli', [assistant.id]);
    const session = await held(assistant.agent, [eli], new Date(now().getTime() - 3_600_000).toISOString());
    expectStatus(await assistant.agent.post(`/api/sessions/${session.id}/sign`, { clientId: eli }), 200);
    const waiting = async (user: User) => (await list(user)).filter((n) => n.kind === 'cosign_waiting' && n.id.endsWith(eli));
    await dailyJob();
    expect(await waiting(owner)).toEqual([]);
    // A week on: more than two school days (whatever the weekday), no closures.
    await daysLater(7);
    try {
      await dailyJob();
      for (const supervisor of [owner, sam]) expect(await waiting(supervisor)).toMatchObject([{ text: '1 note of Eli Q. awaits your co-signature', link: `/sessions/${session.id}` }]);
      expect(await waiting(assistant)).toEqual([]);
      expectStatus(await sam.agent.post(`/api/sessions/${session.id}/cosign`, { clientId: eli }), 200);
      expect(await waiting(owner)).toEqual([]);
      expect(await waiting(sam)).toEqual([]);
    } finally {
      await backToNow();
    }
  });
});

describe('finished jobs', () => {
  it('tell who started the export, nobody else, linking its screen', async () => {
    expectStatus(await sam.agent.post('/api/exports', { kind: 'minutes', assignedTo: 'me' }), 202);
    await whenJobsIdle();
    const done = (await list(sam)).filter((n) => n.kind === 'job_done');
    expect(done).toMatchObject([{ text: 'Your service-minutes export finished', link: '/minutes', read: false }]);
    expect((await list(owner)).filter((n) => n.kind === 'job_done')).toEqual([]);
    // The daily job leaves it (it is no computed reminder) until it is two weeks old.
    await dailyJob();
    expect((await list(sam)).filter((n) => n.kind === 'job_done')).toHaveLength(1);
  });
});

describe('read marks and tenants', () => {
  it("marks the caller's own as read and ignores other users' and other tenants' ids", async () => {
    const fay = await newClient('Fay', [owner.id, sam.id]);
    expectStatus(await owner.agent.post(`/api/clients/${fay}/ieps`, iep(5, 100)), 201);
    const id = `iep_review_due.${fay}`;
    expectStatus(await stranger.agent.post('/api/notifications/read', { ids: [id] }), 200);
    expectStatus(await sam.agent.post('/api/notifications/read', { ids: [id] }), 200);
    expect((await list(owner)).find((n) => n.id === id)!.read).toBe(false);
    expect((await list(sam)).find((n) => n.id === id)!.read).toBe(true);
    expect(await list(stranger)).toEqual([]);
    expectStatus(await owner.agent.post('/api/notifications/read', { ids: [id, `minutes_behind.${randomUUID()}`] }), 200);
    expect((await list(owner)).find((n) => n.id === id)!.read).toBe(true);
    expect((await owner.agent.post('/api/notifications/read', { ids: ['not-an-id'] })).status).toBe(400);
    expect((await owner.agent.post('/api/notifications/read', { ids: [] })).status).toBe(400);
  });
});


describe('the cost of the list', () => {
  it('GET /api/notifications takes the same DynamoDB requests for 1 student or 12: the login session, one Query, one BatchGet', async () => {
    const { agent, user } = await signUpOwner();
    const one = { agent, id: user.id as string, email: '' };
    const add = async (firstName: string) => {
      const id = expectStatus(await agent.post('/api/clients', { firstName, lastInitial: 'Z', status: 'active' }), 201).id as string;
      expectStatus(await agent.post(`/api/clients/${id}/ieps`, iep(3, 30)), 201);
    };
    await add('Gus');
    const small = await requestsOf(() => list(one));
    for (let i = 0; i < 11; i++) await add(`Hal${String.fromCharCode(97 + i)}`);
    // No school year in this district: review and re-evaluation, no minutes status.
    expect((await list(one)).length).toBe(24);
    expect(await requestsOf(() => list(one))).toBe(small);
    expect(small).toBe(3);
  });
});

describe('the weekly digest', () => {
  it('is opt-in, mails counts and links without a student name on Monday 6:00 in the district zone, once, into outbox/', async () => {
    expect(expectStatus(await owner.agent.get('/api/user/preferences'), 200)).toEqual({ weeklyDigest: false });
    expect(expectStatus(await owner.agent.put('/api/user/preferences', { weeklyDigest: true }), 200)).toEqual({ weeklyDigest: true });
    expect(expectStatus(await owner.agent.get('/api/user/preferences'), 200)).toEqual({ weeklyDigest: true });
    expect((await owner.agent.put('/api/user/preferences', { weeklyDigest: 'yes' })).status).toBe(400);

    // Monday 2027-03-01, 6:05 in New York (EST, UTC−5).
    const monday = new Date('2027-03-01T11:05:00Z');
    expect(isDigestHour(monday, ZONE)).toBe(true);
    expect(isDigestHour(new Date('2027-03-01T12:05:00Z'), ZONE)).toBe(false);
    expect(isDigestHour(new Date('2027-03-02T11:05:00Z'), ZONE)).toBe(false);

    const outbox = join(dataDir, 'outbox');
    const before = new Set(safeList(outbox));
    expect(await sendAccountDigests(accountId, '2027-03-01')).toBe(1);
    // The same Monday again (a retried run): nobody is mailed twice.
    expect(await sendAccountDigests(accountId, '2027-03-01')).toBe(0);
    const written = safeList(outbox).filter((f) => !before.has(f));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/\.eml$/);
    const mail = readFileSync(join(outbox, written[0]!), 'utf8');
    expect(mail).toContain(`To: ${owner.email}`);
    expect(mail).toMatch(/^Subject: Caseload weekly digest: \d+ reminders?$/m);
    expect(mail).toMatch(/IEP reviews due within 30 days: [1-9]/);
    expect(mail).toContain('/minutes');
    for (const name of ['Ava', 'Otto', 'Bo', 'Cy', 'Dee', 'Eli', 'Fay']) expect(mail).not.toMatch(new RegExp(`\\b${name}\\b`));

    // Sam did not opt in; opting out stops it.
    expect(readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8')).some((m) => m.includes(`To: ${sam.email}`))).toBe(false);
    expectStatus(await owner.agent.put('/api/user/preferences', { weeklyDigest: false }), 200);
    expect(await sendAccountDigests(accountId, '2027-03-08')).toBe(0);
  });

  it('runs as the scheduled job and outside the digest hour mails nobody', async () => {
    expect(Object.keys(jobRunners)).toEqual(expect.arrayContaining(['reminders', 'weekly-digest']));
    const result = await runWeeklyDigest(new Date('2027-03-02T11:05:00Z'), unlimited);
    expect(result).toMatchObject({ done: true, summary: { districts: 0, sent: 0 } });
  });
});

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
