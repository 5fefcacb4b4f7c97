import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_LOG_CSV_HEADER } from '../../packages/contract/src/signatures.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { db } from '../../packages/core/src/db.ts';
import { instantAt } from '../../packages/core/src/school-calendar/dates.ts';
import type { Agent } from '../support/api.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { signInChild } from '../support/records.ts';

/**
 * The Medicaid service log over the real routes: clients, sessions, participations, statuses,
 * signatures and co-signatures written through the API as clinicians record them. Today is fixed
 * by the test clock: Wednesday 16 September 2026, noon in New York (the accounts' default zone).
 * Each test works on its own dates (or its own provider), so its lines are exactly the ones it made.
 */
const TODAY = new Date('2026-09-16T16:00:00.000Z');
const ZONE = 'America/New_York';

let owner: Agent;
let accountId: string;
let ownerId: string;
let orgA: string;
let orgB: string;
/** An SLP assistant (role 'assistant', "Casey Child"), provider of some sessions. */
let assistant: { agent: Agent; id: string };

beforeAll(async () => {
  testClock.set(TODAY);
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  ownerId = signedUp.user.id;
  orgA = expectStatus(await owner.post('/api/organizations', { name: 'Alder Elementary', type: 'school' }), 201).id;
  orgB = expectStatus(await owner.post('/api/organizations', { name: 'Birch Middle', type: 'school' }), 201).id;
  assistant = await createChild(owner, { canViewReports: true, canCreateSessions: true, canEditSessions: true });
  // The owner (an SLP) supervises the assistant, so co-signs its notes.
  expectStatus(await owner.put(`/api/users/${assistant.id}/supervisors`, { supervisorIds: [ownerId] }), 200);
});
afterAll(() => testClock.reset());

async function newClient(firstName: string, fields: Record<string, unknown> = {}): Promise<string> {
  return expectStatus(await owner.post('/api/clients', { firstName, lastInitial: 'M', organizationId: orgA, status: 'active', ...fields }), 201).id;
}

type Participation = 'scheduled' | 'present' | 'absent' | 'canceled';

/**
 * A session at `time` New York time on `date`, scheduled by the owner through the API, each
 * participant's status set (PATCH), then the session's status (PUT), as a clinician records it.
 */
async function session(
  date: string,
  participants: Record<string, Participation>,
  opts: { status?: string; time?: string; duration?: number; providerId?: string; type?: string } = {},
): Promise<string> {
  const body = {
    type: opts.type ?? 'therapy',
    clientIds: Object.keys(participants),
    scheduledAt: instantAt(date, opts.time ?? '15:00', ZONE),
    duration: opts.duration ?? 30,
    ...(opts.providerId ? { providerId: opts.providerId } : {}),
  };
  const created = expectStatus(await owner.post('/api/sessions', body), 201);
  for (const [clientId, status] of Object.entries(participants)) {
    if (status !== 'scheduled') expectStatus(await owner.patch(`/api/sessions/${created.id}/participants/${clientId}`, { status, ...(status === 'canceled' ? { cancelReason: 'provider_unavailable' } : {}) }), 200);
  }
  const status = opts.status ?? 'completed';
  if (status !== 'scheduled') expectStatus(await owner.put(`/api/sessions/${created.id}`, { ...body, status, ...(status === 'canceled' ? { cancelReason: 'other' } : {}) }), 200);
  return created.id as string;
}

interface Line {
  sessionId: string;
  clientId: string;
  date: string;
  student: string;
  start: string;
  end: string;
  groupSize: number;
  cpt: string;
  signed: boolean;
  cosigned: string;
  [field: string]: unknown;
}

async function log(agent: Agent, query: string): Promise<Line[]> {
  return expectStatus(await agent.get(`/api/service-log?${query}`), 200);
}
/** The account's lines of one day (every provider). */
const day = (date: string, agent = owner, extra = '') => log(agent, `from=${date}&to=${date}&assignedTo=all${extra}`);

/** Signs the client's note of the session as `agent` (POST /api/sessions/{id}/sign). */
async function sign(agent: Agent, sessionId: string, clientId: string) {
  expectStatus(await agent.post(`/api/sessions/${sessionId}/sign`, { clientId }), 200);
}
/** Co-signs it as `agent` (POST /api/sessions/{id}/cosign). */
async function cosign(agent: Agent, sessionId: string, clientId: string) {
  expectStatus(await agent.post(`/api/sessions/${sessionId}/cosign`, { clientId }), 200);
}

describe('lines of the service log', () => {
  it('an individual session at 15:30 New York time: one 92507 line, 15:30–16:00 on its date, with the client\'s ICD-10 codes and the provider', async () => {
    const ivy = await newClient('Ivy', { icd10Codes: ['F80.0', 'f80.89'], medicaidEligible: true });
    const id = await session('2026-09-01', { [ivy]: 'present' }, { time: '15:30' });
    // The owner's own sessions (assignedTo me): another test has a provider of its own on this date.
    expect(await log(owner, 'from=2026-09-01&to=2026-09-01')).toEqual([
      {
        sessionId: id,
        clientId: ivy,
        date: '2026-09-01',
        student: 'Ivy M.',
        providerId: ownerId,
        provider: 'Olivia Owner',
        role: 'slp',
        start: '15:30',
        end: '16:00',
        minutes: 30,
        groupSize: 1,
        cpt: '92507',
        icd10Codes: ['F80.0', 'F80.89'],
        sessionType: 'therapy',
        medicaidEligible: true,
        signed: false,
        cosigned: 'not_needed',
      },
    ]);
  });

  it('a group of three with two present: two 92508 lines with group size 2, none for the absent student', async () => {
    const [ana, ben, cal] = [await newClient('Ana'), await newClient('Ben'), await newClient('Cal')];
    await session('2026-09-02', { [ana]: 'present', [ben]: 'present', [cal]: 'absent' }, { duration: 45 });
    const lines = await day('2026-09-02');
    expect(lines.map((l) => [l.clientId, l.student, l.groupSize, l.cpt, l.minutes, l.start, l.end])).toEqual([
      [ana, 'Ana M.', 2, '92508', 45, '15:00', '15:45'],
      [ben, 'Ben M.', 2, '92508', 45, '15:00', '15:45'],
    ]);
  });

  it('a group with one student present is individual treatment: 92507, group size 1', async () => {
    const [dee, eli] = [await newClient('Dee'), await newClient('Eli')];
    await session('2026-09-03', { [dee]: 'present', [eli]: 'canceled' });
    expect((await day('2026-09-03')).map((l) => [l.clientId, l.groupSize, l.cpt])).toEqual([[dee, 1, '92507']]);
  });

  it('leaves out absent and canceled participations, canceled and no-show sessions, and sessions still scheduled', async () => {
    const kid = await newClient('Kit');
    await session('2026-09-04', { [kid]: 'absent' });
    await session('2026-09-04', { [kid]: 'canceled' }, { time: '09:00' });
    await session('2026-09-04', { [kid]: 'present' }, { time: '10:00', status: 'canceled' });
    await session('2026-09-04', { [kid]: 'present' }, { time: '11:00', status: 'no_show' });
    await session('2026-09-04', { [kid]: 'present' }, { time: '12:00', status: 'scheduled' });
    await session('2026-09-04', { [kid]: 'scheduled' }, { time: '13:00' });
    const counted = await session('2026-09-04', { [kid]: 'present' }, { time: '14:00' });
    expect((await day('2026-09-04')).map((l) => l.sessionId)).toEqual([counted]);
  });

  it('dates and times are the account zone\'s: 21:30 in New York on 5 September is 01:30 UTC on the 6th, and lists on the 5th', async () => {
    const late = await newClient('Lou');
    const id = await session('2026-09-05', { [late]: 'present' }, { time: '21:30', duration: 60 });
    expect(await day('2026-09-05')).toMatchObject([{ sessionId: id, date: '2026-09-05', start: '21:30', end: '22:30', minutes: 60 }]);
    expect(await day('2026-09-06')).toEqual([]);
  });

  it('sorts by date, start and student, across the period asked for', async () => {
    const [zed, amy] = [await newClient('Zed'), await newClient('Amy')];
    const early = await session('2026-09-07', { [zed]: 'present' }, { time: '08:00' });
    const group = await session('2026-09-07', { [zed]: 'present', [amy]: 'present' }, { time: '09:00' });
    const nextDay = await session('2026-09-08', { [amy]: 'present' }, { time: '07:00' });
    const lines = await log(owner, 'from=2026-09-07&to=2026-09-08&assignedTo=all');
    expect(lines.map((l) => [l.date, l.start, l.student, l.sessionId])).toEqual([
      ['2026-09-07', '08:00', 'Zed M.', early],
      ['2026-09-07', '09:00', 'Amy M.', group],
      ['2026-09-07', '09:00', 'Zed M.', group],
      ['2026-09-08', '07:00', 'Amy M.', nextDay],
    ]);
  });

  it('an evaluation logs its own code (92521–92524) with its duration as minutes, and cannot be completed without one (400, the spec’s words)', async () => {
    const eva = await newClient('Eva');
    const body = { type: 'evaluation', clientIds: [eva], scheduledAt: instantAt('2026-09-09', '15:00', ZONE), duration: 50 };
    const created = expectStatus(await owner.post('/api/sessions', body), 201);
    expectStatus(await owner.patch(`/api/sessions/${created.id}/participants/${eva}`, { status: 'present' }), 200);
    const refused = await owner.put(`/api/sessions/${created.id}`, { ...body, status: 'completed' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Choose the evaluation code');
    expect((await owner.put(`/api/sessions/${created.id}`, { ...body, status: 'completed', evaluationCode: '92599' })).status).toBe(400);
    expect(expectStatus(await owner.put(`/api/sessions/${created.id}`, { ...body, status: 'completed', evaluationCode: '92522' }), 200).evaluationCode).toBe('92522');
    expect(await day('2026-09-09')).toMatchObject([{ sessionId: created.id, sessionType: 'evaluation', cpt: '92522', minutes: 50, groupSize: 1 }]);
    // It delivers no minutes: the minutes list it as not therapy.
    const minutes = expectStatus(await owner.get(`/api/clients/${eva}/service-minutes?from=2026-09-07&to=2026-09-13`), 200);
    expect(minutes).toMatchObject({ delivered: 0, notCounted: [{ sessionId: created.id, date: '2026-09-09', reason: 'not_therapy' }] });
  });

  it('consultations and meetings make no line, whoever was present', async () => {
    const [cal, mel] = [await newClient('Cal'), await newClient('Mel')];
    await session('2026-09-10', { [cal]: 'present' }, { type: 'consultation' });
    await session('2026-09-10', { [cal]: 'present', [mel]: 'present' }, { type: 'meeting', duration: 60 });
    expect(await day('2026-09-10')).toEqual([]);
  });
});

describe('signatures on the lines', () => {
  it('signed and co-signed follow the note: not needed for an SLP\'s note, no until an assistant\'s note is co-signed, yes after', async () => {
    const [slpSigned, unsignedOfSlp] = [await newClient('Sia'), await newClient('Sol')];
    const ownSession = await session('2026-09-10', { [slpSigned]: 'present', [unsignedOfSlp]: 'present' }, { time: '08:00' });
    await sign(owner, ownSession, slpSigned);

    const [awaiting, cosigned, unsignedOfAssistant] = [await newClient('Ada'), await newClient('Ari'), await newClient('Avi')];
    const assisted = await session('2026-09-10', { [awaiting]: 'present', [cosigned]: 'present', [unsignedOfAssistant]: 'present' }, { time: '09:00', providerId: assistant.id });
    await sign(assistant.agent, assisted, awaiting);
    await sign(assistant.agent, assisted, cosigned);
    await cosign(owner, assisted, cosigned);

    const lines = await day('2026-09-10');
    expect(lines.map((l) => [l.student, l.provider, l.role, l.signed, l.cosigned])).toEqual([
      ['Sia M.', 'Olivia Owner', 'slp', true, 'not_needed'],
      ['Sol M.', 'Olivia Owner', 'slp', false, 'not_needed'],
      ['Ada M.', 'Casey Child', 'assistant', true, 'no'],
      ['Ari M.', 'Casey Child', 'assistant', true, 'yes'],
      ['Avi M.', 'Casey Child', 'assistant', false, 'no'],
    ]);
  });
});

describe('reads', () => {
  /** The DynamoDB commands one request to the list sends, by name and in order. */
  async function commandsOf(query: string): Promise<string[]> {
    const send = vi.spyOn(db(), 'send');
    try {
      expectStatus(await owner.get(`/api/service-log?${query}`), 200);
      return send.mock.calls.map(([command]) => command.constructor.name);
    } finally {
      send.mockRestore();
    }
  }

  it('the same requests for one line as for six: the period\'s sessions in one Query, then one BatchGet each of clients, providers and notes', async () => {
    const single = await session('2026-06-01', { [await newClient('Ona')]: 'present' });
    const [a, b, c, d] = [await newClient('Pam'), await newClient('Quin'), await newClient('Ray'), await newClient('Sue')];
    await session('2026-06-02', { [a]: 'present', [b]: 'present', [c]: 'present' }, { time: '08:00' });
    await session('2026-06-02', { [b]: 'present', [c]: 'present', [d]: 'present' }, { time: '09:00', providerId: assistant.id });
    expect((await day('2026-06-01')).map((l) => l.sessionId)).toEqual([single]);
    expect(await day('2026-06-02')).toHaveLength(6);

    const one = await commandsOf('from=2026-06-01&to=2026-06-01&assignedTo=all');
    const six = await commandsOf('from=2026-06-02&to=2026-06-02&assignedTo=all');
    expect(six).toEqual(one);
    expect(six.filter((name) => name === 'QueryCommand')).toHaveLength(1);
    expect(six.filter((name) => name === 'BatchGetCommand')).toHaveLength(3);
  });
});

describe('filters', () => {
  it('medicaidOnly keeps Medicaid-eligible students; unsignedOnly keeps unsigned notes; both together', async () => {
    const [eligibleSigned, eligibleUnsigned, notEligible] = [
      await newClient('Mae', { medicaidEligible: true }),
      await newClient('Meg', { medicaidEligible: true }),
      await newClient('Ned'),
    ];
    const id = await session('2026-09-11', { [eligibleSigned]: 'present', [eligibleUnsigned]: 'present', [notEligible]: 'present' });
    await sign(owner, id, eligibleSigned);
    const students = async (extra: string) => (await day('2026-09-11', owner, extra)).map((l) => l.student);
    expect(await students('')).toEqual(['Mae M.', 'Meg M.', 'Ned M.']);
    expect(await students('&medicaidOnly=true')).toEqual(['Mae M.', 'Meg M.']);
    expect(await students('&unsignedOnly=true')).toEqual(['Meg M.', 'Ned M.']);
    expect(await students('&medicaidOnly=true&unsignedOnly=true')).toEqual(['Meg M.']);
    expect(await students('&medicaidOnly=false&unsignedOnly=false')).toEqual(['Mae M.', 'Meg M.', 'Ned M.']);
    // Filtered lines keep the group size of the session.
    expect((await day('2026-09-11', owner, '&medicaidOnly=true&unsignedOnly=true')).map((l) => [l.groupSize, l.cpt])).toEqual([[3, '92508']]);
  });

  it('assignedTo: me (the default) is the caller\'s sessions as provider, a user id that provider\'s, all everyone\'s', async () => {
    const [own, theirs] = [await newClient('Opa'), await newClient('Tia')];
    const ownSession = await session('2026-09-12', { [own]: 'present' });
    const theirSession = await session('2026-09-12', { [theirs]: 'present' }, { providerId: assistant.id });
    const ids = async (agent: Agent, query: string) => (await log(agent, `from=2026-09-12&to=2026-09-12${query}`)).map((l) => l.sessionId);
    expect(await ids(owner, '')).toEqual([ownSession]);
    expect(await ids(owner, '&assignedTo=me')).toEqual([ownSession]);
    expect(await ids(owner, `&assignedTo=${assistant.id}`)).toEqual([theirSession]);
    expect(await ids(assistant.agent, '')).toEqual([theirSession]);
    expect((await ids(owner, '&assignedTo=all')).sort()).toEqual([ownSession, theirSession].sort());
  });

  it('without from and to: this month so far in the account zone (1 September to today), not 31 August', async () => {
    const provider = await createChild(owner, { canViewReports: true });
    const pia = await newClient('Pia');
    await session('2026-08-31', { [pia]: 'present' }, { providerId: provider.id, time: '15:00' });
    const first = await session('2026-09-01', { [pia]: 'present' }, { providerId: provider.id, time: '08:00' });
    const today = await session('2026-09-16', { [pia]: 'present' }, { providerId: provider.id, time: '07:00' });
    expect((await log(owner, `assignedTo=${provider.id}`)).map((l) => l.sessionId)).toEqual([first, today]);
    expect((await log(owner, `from=2026-08-01&assignedTo=${provider.id}`)).map((l) => l.date)).toEqual(['2026-08-31', '2026-09-01', '2026-09-16']);
  });

  it('refuses a period whose from is after its to, and an unknown assignedTo', async () => {
    const backwards = await owner.get('/api/service-log?from=2026-09-10&to=2026-09-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('from must not be after to');
    expect((await owner.get('/api/service-log?assignedTo=someone')).status).toBe(400);
  });
});

describe('who sees which lines', () => {
  it('another tenant\'s sessions never appear, even asked for by its provider\'s id', async () => {
    const other = await signUpOwner({ accountName: 'Cedar District' });
    const theirClient = expectStatus(await other.agent.post('/api/clients', { firstName: 'Xena', lastInitial: 'Q', status: 'active' }), 201).id;
    const body = { type: 'therapy', clientIds: [theirClient], scheduledAt: instantAt('2026-09-13', '15:00', ZONE), duration: 30 };
    const theirSession = expectStatus(await other.agent.post('/api/sessions', body), 201).id;
    expectStatus(await other.agent.patch(`/api/sessions/${theirSession}/participants/${theirClient}`, { status: 'present' }), 200);
    expectStatus(await other.agent.put(`/api/sessions/${theirSession}`, { ...body, status: 'completed' }), 200);
    const ours = await session('2026-09-13', { [await newClient('Una')]: 'present' });

    expect((await day('2026-09-13')).map((l) => l.sessionId)).toEqual([ours]);
    expect(await log(owner, `from=2026-09-13&to=2026-09-13&assignedTo=${other.user.id}`)).toEqual([]);
    // Its own owner does see it: the line exists, in its own account only.
    expect((await day('2026-09-13', other.agent)).map((l) => l.sessionId)).toEqual([theirSession]);
  });

  it('a user limited to one organization sees only lines of its clients; the group size still counts every student present', async () => {
    const inA = await newClient('Abe');
    const inB = await newClient('Bea', { organizationId: orgB });
    const movedLater = await newClient('Mo');
    await session('2026-09-14', { [inA]: 'present', [inB]: 'present', [movedLater]: 'present' });
    // The client as it is now decides: moved to B after the session, it leaves A's log.
    expectStatus(await owner.put(`/api/clients/${movedLater}`, { firstName: 'Mo', lastInitial: 'M', organizationId: orgB, status: 'active' }), 200);
    const limited = await signInChild(accountId, { canViewReports: true, allowedOrganizationIds: [orgA] });

    expect((await day('2026-09-14', limited.agent)).map((l) => [l.student, l.groupSize, l.cpt])).toEqual([['Abe M.', 3, '92508']]);
    expect((await day('2026-09-14')).map((l) => l.student)).toEqual(['Abe M.', 'Bea M.', 'Mo M.']);
    const csv = expectStatus(await limited.agent.get('/api/service-log/export?from=2026-09-14&to=2026-09-14&assignedTo=all'), 200);
    expect(csv).not.toContain('Bea');
  });

  it('needs the reports permission (403 without it)', async () => {
    const noReports = await signInChild(accountId, { canViewReports: false });
    expect((await noReports.agent.get('/api/service-log')).status).toBe(403);
    expect((await noReports.agent.get('/api/service-log/export')).status).toBe(403);
  });
});

describe('the CSV export', () => {
  it('has the exact header, one row per line with ICD-10 codes joined, and a name starting with = cannot become a formula', async () => {
    const formula = await newClient('=HYPERLINK("https://evil.test")', { icd10Codes: ['F80.0', 'R47.1'], medicaidEligible: true });
    const plain = await newClient('Nia');
    const id = await session('2026-09-15', { [formula]: 'present', [plain]: 'present' }, { time: '15:30' });
    await sign(owner, id, plain);

    const res = await owner.get('/api/service-log/export?from=2026-09-15&to=2026-09-15&assignedTo=all');
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toMatch(/^text\/csv/);
    expect(res.headers['Content-Disposition']).toBe('attachment; filename="service-log-2026-09-15-to-2026-09-15.csv"');
    const [header, ...rows] = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(SERVICE_LOG_CSV_HEADER);
    expect(header).toBe('Date,Student,Provider,Role,Start,End,Minutes,Group Size,CPT,ICD-10,Session Type,Signed,Co-signed');
    expect(rows).toEqual([
      '"2026-09-15","\'=HYPERLINK(""https://evil.test"") M.","Olivia Owner","Speech-Language Pathologist","15:30","16:00","30","2","92508","F80.0; R47.1","Therapy","no","not needed"',
      '"2026-09-15","Nia M.","Olivia Owner","Speech-Language Pathologist","15:30","16:00","30","2","92508","","Therapy","yes","not needed"',
      '',
    ]);
  });

  it('follows the same filters as the list', async () => {
    const res = await owner.get('/api/service-log/export?from=2026-09-15&to=2026-09-15&assignedTo=all&unsignedOnly=true');
    const rows = res.text.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('HYPERLINK');
  });
});
