import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MINUTES_ROWS, MINUTES_CSV_HEADER, TOO_MANY_STUDENTS } from '../../packages/contract/src/school-year.ts';
import { caseloadWrites } from '../../packages/core/src/caseload/clients-repo.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { instantAt } from '../../packages/core/src/school-calendar/dates.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { createChild, signIn, signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { signInChild } from '../support/records.ts';

/**
 * Service minutes over the real routes: IEPs through /api/clients/{id}/ieps, delivered minutes and
 * make-ups from sessions scheduled and marked through /api/sessions (the ledger the session writes
 * keeps), closures through /api/closures, school years through /api/school-years. Today is fixed by
 * the test clock: Wednesday 16 September 2026, noon in New York (the accounts' default zone). Most
 * accounts here have one school year of every weekday, 1 July 2026 – 30 June 2027, so the figures
 * are the IEP arithmetic alone; the school-years block below takes the summer and breaks away.
 */
const TODAY = new Date('2026-09-16T16:00:00.000Z');
const ZONE = 'America/New_York';
const EVERY_WEEKDAY = [{ name: '2026–27', firstDay: '2026-07-01', lastDay: '2027-06-30', breaks: [] }];
const setSchoolYears = async (agent: Agent, years: unknown = EVERY_WEEKDAY) => expectStatus(await agent.put('/api/school-years', years), 200);

let owner: Agent;
let ownerEmail: string;
let accountId: string;
let orgId: string;

beforeAll(async () => {
  testClock.set(TODAY);
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  ownerEmail = signedUp.email;
  accountId = signedUp.user.accountId;
  orgId = expectStatus(await owner.post('/api/organizations', { name: 'Alder Elementary', type: 'school' }), 201).id;
  await setSchoolYears(owner);
});
afterAll(() => testClock.reset());

async function newClient(agent: Agent, firstName: string, fields: Record<string, unknown> = {}): Promise<string> {
  return expectStatus(await agent.post('/api/clients', { firstName, lastInitial: 'M', organizationId: orgId, status: 'active', ...fields }), 201).id;
}

async function addIep(agent: Agent, clientId: string, fields: Record<string, unknown>) {
  return expectStatus(await agent.post(`/api/clients/${clientId}/ieps`, { endDate: '2027-06-30', servicePer: 'week', ...fields }), 201);
}

type Participation = 'scheduled' | 'present' | 'absent' | 'canceled';

/**
 * A session at 15:00 New York time on `date`, scheduled through the API, each participant's status
 * set (PATCH), then the session's status (PUT), as a clinician records it.
 */
async function session(agent: Agent, date: string, participants: Record<string, Participation>, opts: { status?: string; duration?: number; type?: string } = {}) {
  const clientIds = Object.keys(participants);
  const body = { type: opts.type ?? 'therapy', clientIds, scheduledAt: instantAt(date, '15:00', ZONE), duration: opts.duration ?? 30 };
  const created = expectStatus(await agent.post('/api/sessions', body), 201);
  for (const [clientId, status] of Object.entries(participants)) {
    if (status !== 'scheduled') expectStatus(await agent.patch(`/api/sessions/${created.id}/participants/${clientId}`, { status, ...(status === 'canceled' ? { cancelReason: 'provider_unavailable' } : {}) }), 200);
  }
  if (opts.status && opts.status !== 'scheduled') expectStatus(await agent.put(`/api/sessions/${created.id}`, { ...body, status: opts.status, ...(opts.status === 'canceled' ? { cancelReason: 'other' } : {}) }), 200);
  return created.id as string;
}

const minutesOf = async (agent: Agent, clientId: string, query = '') => expectStatus(await agent.get(`/api/clients/${clientId}/service-minutes${query}`), 200);

describe('required minutes of one student', () => {
  it('60 min/week IEP starting Wednesday 16 September 2026: that week requires 36 min, 12 of them to date (today, Wednesday)', async () => {
    const client = await newClient(owner, 'Wendy');
    await addIep(owner, client, { startDate: '2026-09-16', serviceMinutes: 60 });
    expect(await minutesOf(owner, client, '?from=2026-09-14&to=2026-09-20')).toEqual({
      from: '2026-09-14',
      to: '2026-09-20',
      required: 36,
      requiredToDate: 12,
      delivered: 0,
      makeupsOwed: 0,
      status: 'behind',
      notCounted: [],
      weeks: [{ start: '2026-09-14', required: 36, delivered: 0 }],
    });
  });

  it('120 min/month IEP starting 16 September 2026: September (22 school days) requires 60 (11 days), 5 to date (120/22 on the 16th)', async () => {
    const client = await newClient(owner, 'Mona');
    await addIep(owner, client, { startDate: '2026-09-16', serviceMinutes: 120, servicePer: 'month' });
    const m = await minutesOf(owner, client, '?from=2026-09-01&to=2026-09-30');
    expect(m).toMatchObject({ required: 60, requiredToDate: 5 });
    expect(m.weeks.map((w: { start: string; required: number }) => [w.start, w.required])).toEqual([
      ['2026-08-31', 0],
      ['2026-09-07', 0],
      ['2026-09-14', 16], // 3 × 120/22 = 16.4
      ['2026-09-21', 27], // 5 × 120/22 = 27.3
      ['2026-09-28', 16],
    ]);
  });

  it('ended 60/week IEP until Tuesday 15 September and active 90/week from Wednesday: that week requires 24 + 54 = 78; a draft 3000/week changes nothing', async () => {
    const client = await newClient(owner, 'Enzo');
    await addIep(owner, client, { startDate: '2026-09-01', endDate: '2026-09-15', status: 'ended', serviceMinutes: 60 });
    await addIep(owner, client, { startDate: '2026-09-16', serviceMinutes: 90 });
    await addIep(owner, client, { startDate: '2026-09-01', status: 'draft', serviceMinutes: 3000 });
    expect(await minutesOf(owner, client, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ required: 78, requiredToDate: 24 + 18 });
  });

  it('required to date follows today: 60 min/week from 1 September, week of 14 September: 36 to date on Wednesday, 60 on Friday 18th', async () => {
    const client = await newClient(owner, 'Tara');
    await addIep(owner, client, { startDate: '2026-09-01', serviceMinutes: 60 });
    expect(await minutesOf(owner, client, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ required: 60, requiredToDate: 36 });
    testClock.set(new Date('2026-09-18T20:00:00.000Z'));
    try {
      // Two days on, the morning's sign-in has timed out: sign in again on Friday.
      const { agent: friday } = await signIn(ownerEmail);
      expect(await minutesOf(friday, client, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ required: 60, requiredToDate: 60 });
    } finally {
      testClock.set(TODAY);
    }
  });

  it('without from/to: the school year of today, 1 July 2026 – 30 June 2027, one week entry per Monday from 29 June 2026', async () => {
    const client = await newClient(owner, 'Yara');
    await addIep(owner, client, { startDate: '2026-09-01', serviceMinutes: 60 });
    const m = await minutesOf(owner, client);
    expect(m).toMatchObject({ from: '2026-07-01', to: '2027-06-30' });
    expect(m.weeks[0].start).toBe('2026-06-29');
    expect(m.weeks.at(-1).start).toBe('2027-06-28');
    expect(m.weeks).toHaveLength(53);
    // 1–16 September: 12 school days × 12 (60/week over 5-day weeks), today included.
    expect(m.requiredToDate).toBe(144);
  });

  it('a student without an IEP: no_iep, 0 required', async () => {
    const client = await newClient(owner, 'Nadia');
    expect(await minutesOf(owner, client, '?from=2026-09-07&to=2026-09-13')).toMatchObject({ required: 0, requiredToDate: 0, status: 'no_iep' });
  });

  it('refuses a period of more than 366 days or ending before it starts (400)', async () => {
    const client = await newClient(owner, 'Rhea');
    expect((await owner.get(`/api/clients/${client}/service-minutes?from=2026-07-01&to=2027-07-02`)).status).toBe(400);
    expect((await owner.get(`/api/clients/${client}/service-minutes?from=2026-09-10&to=2026-09-09`)).status).toBe(400);
  });
});

describe('delivered minutes and make-ups from the sessions', () => {
  let dev: string;
  let gus: string;
  let canceledSession: string;

  beforeAll(async () => {
    [dev, gus] = [await newClient(owner, 'Dev'), await newClient(owner, 'Gus')];
    await addIep(owner, dev, { startDate: '2026-09-01', serviceMinutes: 100 });
    await addIep(owner, gus, { startDate: '2026-09-01', serviceMinutes: 100 });
    // The week of Monday 7 September 2026 (all of it before today).
    await session(owner, '2026-09-07', { [dev]: 'present' }, { status: 'completed', duration: 30 });
    await session(owner, '2026-09-08', { [dev]: 'absent' }, { status: 'completed', duration: 30 });
    await session(owner, '2026-09-09', { [dev]: 'present' }, { duration: 30 }); // still scheduled
    await session(owner, '2026-09-10', { [dev]: 'present' }, { status: 'canceled', duration: 30 });
    await session(owner, '2026-09-11', { [dev]: 'present', [gus]: 'present' }, { status: 'completed', duration: 45 });
    canceledSession = await session(owner, '2026-09-11', { [gus]: 'canceled' }, { status: 'completed', duration: 40 });
    await session(owner, '2026-09-09', { [gus]: 'absent' }, { status: 'canceled', duration: 40 });
  });

  it('counts completed sessions with the student present (30 + group 45 = 75), not absent, still scheduled or canceled ones: 75 of 100 → behind', async () => {
    expect(await minutesOf(owner, dev, '?from=2026-09-07&to=2026-09-13')).toEqual({
      from: '2026-09-07',
      to: '2026-09-13',
      required: 100,
      requiredToDate: 100,
      delivered: 75,
      makeupsOwed: 0,
      status: 'behind',
      notCounted: [],
      weeks: [{ start: '2026-09-07', required: 100, delivered: 75 }],
    });
  });

  it('a group session counts its full 45 minutes for each present student; a canceled participation owes one make-up, an absence none', async () => {
    expect(await minutesOf(owner, gus, '?from=2026-09-07&to=2026-09-13')).toMatchObject({ delivered: 45, makeupsOwed: 1 });
    expect(expectStatus(await owner.get(`/api/clients/${gus}/makeups`), 200)).toEqual([
      { sessionId: canceledSession, scheduledAt: instantAt('2026-09-11', '15:00', ZONE), date: '2026-09-11', duration: 40 },
    ]);
    expect(expectStatus(await owner.get(`/api/clients/${dev}/makeups`), 200)).toEqual([]);
    // Outside the period the make-up is not counted.
    expect(await minutesOf(owner, gus, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ makeupsOwed: 0 });
  });

  it('scheduling the make-up (makeupForSessionId) settles it: Gus owes 0 and his make-up list is empty', async () => {
    const body = { type: 'therapy', clientIds: [gus], scheduledAt: instantAt('2026-09-17', '15:00', ZONE), duration: 40, makeupForSessionId: canceledSession };
    expectStatus(await owner.post('/api/sessions', body), 201);
    expect(await minutesOf(owner, gus, '?from=2026-09-07&to=2026-09-13')).toMatchObject({ makeupsOwed: 0 });
    expect(expectStatus(await owner.get(`/api/clients/${gus}/makeups`), 200)).toEqual([]);
  });

  it('one more 30-minute session marked present: Dev has 105 of 100 that week → on_track; over two weeks 105 of 160 to date → behind', async () => {
    await session(owner, '2026-09-09', { [dev]: 'present' }, { status: 'completed', duration: 30 });
    expect(await minutesOf(owner, dev, '?from=2026-09-07&to=2026-09-13')).toMatchObject({ delivered: 105, required: 100, status: 'on_track' });
    const m = await minutesOf(owner, dev, '?from=2026-09-07&to=2026-09-20');
    expect(m).toMatchObject({ delivered: 105, required: 200, requiredToDate: 160, status: 'behind' });
    expect(m.weeks).toEqual([
      { start: '2026-09-07', required: 100, delivered: 105 },
      { start: '2026-09-14', required: 100, delivered: 0 },
    ]);
  });
});

describe('what counts as service (part 4 §1.2)', () => {
  it('a completed 60-minute meeting or consultation with the student present delivers nothing and is listed as not_therapy', async () => {
    const client = await newClient(owner, 'Mira');
    await addIep(owner, client, { startDate: '2026-09-01', serviceMinutes: 60 });
    const meeting = await session(owner, '2026-09-08', { [client]: 'present' }, { status: 'completed', duration: 60, type: 'meeting' });
    const consult = await session(owner, '2026-09-09', { [client]: 'present' }, { status: 'completed', duration: 20, type: 'consultation' });
    await session(owner, '2026-09-10', { [client]: 'present' }, { status: 'completed', duration: 30 });
    const week = await minutesOf(owner, client, '?from=2026-09-07&to=2026-09-13');
    expect(week).toMatchObject({ delivered: 30, weeks: [{ start: '2026-09-07', required: 60, delivered: 30 }] });
    expect(week.notCounted).toEqual([
      { sessionId: meeting, date: '2026-09-08', reason: 'not_therapy' },
      { sessionId: consult, date: '2026-09-09', reason: 'not_therapy' },
    ]);
    const row = expectStatus(await owner.get('/api/service-minutes?assignedTo=all&from=2026-09-07&to=2026-09-13'), 200).find((r: { clientId: string }) => r.clientId === client);
    expect(row).toMatchObject({ delivered: 30, notCounted: week.notCounted });
  });

  it('an individual IEP counts only sessions where the student was the only one present; group and either count both', async () => {
    const [solo, pair, open] = [await newClient(owner, 'Ines'), await newClient(owner, 'Pia'), await newClient(owner, 'Ora')];
    await addIep(owner, solo, { startDate: '2026-09-01', serviceMinutes: 60, serviceType: 'individual' });
    await addIep(owner, pair, { startDate: '2026-09-01', serviceMinutes: 60, serviceType: 'group' });
    await addIep(owner, open, { startDate: '2026-09-01', serviceMinutes: 60, serviceType: 'either' });
    const group = await session(owner, '2026-09-08', { [solo]: 'present', [pair]: 'present', [open]: 'present' }, { status: 'completed', duration: 40 });
    // Alone after the other two were absent: individual service, which meets every mandate.
    await session(owner, '2026-09-09', { [solo]: 'present', [pair]: 'absent' }, { status: 'completed', duration: 25 });
    await session(owner, '2026-09-10', { [pair]: 'present' }, { status: 'completed', duration: 25 });
    const week = '?from=2026-09-07&to=2026-09-13';
    expect(await minutesOf(owner, solo, week)).toMatchObject({ delivered: 25, notCounted: [{ sessionId: group, date: '2026-09-08', reason: 'group_for_individual_iep' }] });
    expect(await minutesOf(owner, pair, week)).toMatchObject({ delivered: 65, notCounted: [] });
    expect(await minutesOf(owner, open, week)).toMatchObject({ delivered: 40, notCounted: [] });
  });
});

describe('status boundaries', () => {
  it('50 required to date: 45 delivered (exactly 90%) → on_track, 44 → behind', async () => {
    const [ok, short] = [await newClient(owner, 'Olga'), await newClient(owner, 'Sami')];
    for (const c of [ok, short]) await addIep(owner, c, { startDate: '2026-09-01', serviceMinutes: 50 });
    await session(owner, '2026-09-08', { [ok]: 'present' }, { status: 'completed', duration: 45 });
    await session(owner, '2026-09-08', { [short]: 'present' }, { status: 'completed', duration: 44 });
    expect(await minutesOf(owner, ok, '?from=2026-09-07&to=2026-09-13')).toMatchObject({ requiredToDate: 50, delivered: 45, status: 'on_track' });
    expect(await minutesOf(owner, short, '?from=2026-09-07&to=2026-09-13')).toMatchObject({ requiredToDate: 50, delivered: 44, status: 'behind' });
  });
});

describe('closures', () => {
  it('a week with Monday 12 October 2026 closed: 4 instructional days of 12 (60 ÷ 5), so 12–14 October requires 24 and the week 48; after reopening, 36 and 60', async () => {
    const { agent } = await signUpOwner();
    await setSchoolYears(agent);
    const client = expectStatus(await agent.post('/api/clients', { firstName: 'Cyd', lastInitial: 'K', status: 'active' }), 201).id;
    await addIep(agent, client, { startDate: '2026-09-01', serviceMinutes: 60 });
    expectStatus(await agent.put('/api/closures', [{ date: '2026-10-12', label: 'Staff day' }]), 200);
    expect(await minutesOf(agent, client, '?from=2026-10-12&to=2026-10-14')).toMatchObject({ required: 24, weeks: [{ start: '2026-10-12', required: 24, delivered: 0 }] });
    expect(await minutesOf(agent, client, '?from=2026-10-12&to=2026-10-18')).toMatchObject({ required: 48 });
    expectStatus(await agent.put('/api/closures', []), 200);
    expect(await minutesOf(agent, client, '?from=2026-10-12&to=2026-10-14')).toMatchObject({ required: 36 });
    expect(await minutesOf(agent, client, '?from=2026-10-12&to=2026-10-18')).toMatchObject({ required: 60 });
  });
});

describe('school years and breaks (part 4 §1.1)', () => {
  const YEAR_2026 = { name: '2026–27', firstDay: '2026-09-08', lastDay: '2027-06-15', breaks: [{ name: 'Winter break', start: '2026-12-21', end: '2027-01-01' }] };

  it('without a school year: no_school_year, required and required to date null, the CSV cells empty; a student without an IEP stays no_iep', async () => {
    const { agent } = await signUpOwner();
    const withIep = expectStatus(await agent.post('/api/clients', { firstName: 'Ula', lastInitial: 'P', status: 'active' }), 201).id;
    const without = expectStatus(await agent.post('/api/clients', { firstName: 'Vic', lastInitial: 'P', status: 'active' }), 201).id;
    await addIep(agent, withIep, { startDate: '2026-09-01', serviceMinutes: 60 });
    await session(agent, '2026-09-14', { [withIep]: 'present' }, { status: 'completed', duration: 30 });
    expect(expectStatus(await agent.get('/api/school-years'), 200)).toEqual({ schoolYears: [] });
    const m = await minutesOf(agent, withIep);
    expect(m).toMatchObject({ from: '2026-07-01', to: '2027-06-30', required: null, requiredToDate: null, delivered: 30, status: 'no_school_year' });
    expect(m.weeks.every((w: { required: number | null }) => w.required === null)).toBe(true);
    expect(await minutesOf(agent, without)).toMatchObject({ required: 0, status: 'no_iep' });
    const csv = (await agent.get('/api/service-minutes/export?assignedTo=all')).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(csv.slice(1)).toEqual(['"Ula P.","","","30","0","No school year","",""', '"Vic P.","0","0","0","0","No IEP","",""']);
    // Nobody is "behind" on a requirement nobody defined.
    expect(expectStatus(await agent.get('/api/service-minutes/summary?assignedTo=all'), 200)).toMatchObject({ behindOnMinutes: 0 });
  });

  it('an annual 60 min/week IEP requires nothing before the first day (8 September) and nothing over the winter break; the default period is the defined year', async () => {
    const { agent } = await signUpOwner();
    expect(expectStatus(await agent.put('/api/school-years', [YEAR_2026]), 200)).toEqual({ schoolYears: [YEAR_2026], canceledSessions: 0 });
    const client = expectStatus(await agent.post('/api/clients', { firstName: 'Wes', lastInitial: 'T', status: 'active' }), 201).id;
    await addIep(agent, client, { startDate: '2026-07-01', serviceMinutes: 60 });
    const year = await minutesOf(agent, client);
    // 8–16 September: 7 instructional days × 12, today included; none in July or August.
    expect(year).toMatchObject({ from: '2026-09-08', to: '2027-06-15', requiredToDate: 84, required: 191 * 12, status: 'behind' });
    expect(await minutesOf(agent, client, '?from=2026-07-01&to=2026-09-06')).toMatchObject({ required: 0, requiredToDate: 0, status: 'on_track' });
    const winter = await minutesOf(agent, client, '?from=2026-12-14&to=2027-01-10');
    expect(winter.weeks.map((w: { required: number }) => w.required)).toEqual([60, 0, 0, 60]);
  });

  it('an IEP ended on Wednesday stops requiring minutes after that day (endedOn defaults to today, and can be set)', async () => {
    const { agent } = await signUpOwner();
    await setSchoolYears(agent);
    const client = expectStatus(await agent.post('/api/clients', { firstName: 'Xia', lastInitial: 'T', status: 'active' }), 201).id;
    const iep = await addIep(agent, client, { startDate: '2026-09-01', serviceMinutes: 60 });
    const ended = expectStatus(await agent.put(`/api/ieps/${iep.id}`, { startDate: '2026-09-01', endDate: '2027-06-30', servicePer: 'week', serviceMinutes: 60, status: 'ended' }), 200);
    expect(ended.endedOn).toBe('2026-09-16');
    expect(await minutesOf(agent, client, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ required: 36 });
    expect(await minutesOf(agent, client, '?from=2026-09-21&to=2026-09-27')).toMatchObject({ status: 'no_iep' });
    const moved = expectStatus(await agent.put(`/api/ieps/${iep.id}`, { startDate: '2026-09-01', endDate: '2027-06-30', servicePer: 'week', serviceMinutes: 60, status: 'ended', endedOn: '2026-09-14' }), 200);
    expect(moved.endedOn).toBe('2026-09-14');
    expect(await minutesOf(agent, client, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ required: 12 });
    // Active again: no end day.
    const reopened = expectStatus(await agent.put(`/api/ieps/${iep.id}`, { startDate: '2026-09-01', endDate: '2027-06-30', servicePer: 'week', serviceMinutes: 60, status: 'active', endedOn: '2026-09-14' }), 200);
    expect(reopened.endedOn).toBeUndefined();
  });

  it('refuses overlapping years and a break outside its year (400, the spec’s words), and a user without canManageUsers (403), changing nothing', async () => {
    const { agent, user } = await signUpOwner();
    expectStatus(await agent.put('/api/school-years', [YEAR_2026]), 200);
    const overlap = await agent.put('/api/school-years', [YEAR_2026, { name: 'Summer', firstDay: '2027-06-01', lastDay: '2027-08-01', breaks: [] }]);
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe('School years cannot overlap');
    const outside = await agent.put('/api/school-years', [{ ...YEAR_2026, breaks: [{ name: 'Summer', start: '2027-06-10', end: '2027-06-20' }] }]);
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain('A break must be inside its school year');
    const { agent: noFlags } = await signInChild(user.accountId, {});
    expect((await noFlags.put('/api/school-years', [])).status).toBe(403);
    expect(expectStatus(await noFlags.get('/api/school-years'), 200)).toEqual({ schoolYears: [YEAR_2026] });
  });

  it('a new break cancels the undocumented series sessions on its days, once; series made later skip its days', async () => {
    const { agent } = await signUpOwner();
    await setSchoolYears(agent);
    const client = expectStatus(await agent.post('/api/clients', { firstName: 'Yul', lastInitial: 'T', status: 'active' }), 201).id;
    const series = { clientIds: [client], weekdays: [1, 3], time: '10:00', duration: 30, startsOn: '2026-10-05', until: '2026-10-30' };
    expect(expectStatus(await agent.post('/api/session-series', series), 201).created).toBe(8);
    const withBreak = [{ ...EVERY_WEEKDAY[0], breaks: [{ name: 'Fall break', start: '2026-10-12', end: '2026-10-16' }] }];
    expect(expectStatus(await agent.put('/api/school-years', withBreak), 200).canceledSessions).toBe(2);
    expect(expectStatus(await agent.put('/api/school-years', withBreak), 200).canceledSessions).toBe(0);
    expect(expectStatus(await agent.post('/api/session-series', series), 201).created).toBe(6);
  });
});

describe('who may read', () => {
  it('any user who may see the client reads its minutes and make-ups; outside their organizations or another account → 404', async () => {
    const client = await newClient(owner, 'Vera');
    const { agent: noFlags } = await signInChild(accountId, {});
    const { agent: elsewhere } = await signInChild(accountId, { allowedOrganizationIds: [newId()] });
    const { agent: stranger } = await signUpOwner();
    expect((await noFlags.get(`/api/clients/${client}/service-minutes`)).status).toBe(200);
    expect((await noFlags.get(`/api/clients/${client}/makeups`)).status).toBe(200);
    for (const agent of [elsewhere, stranger]) {
      expect((await agent.get(`/api/clients/${client}/service-minutes`)).status).toBe(404);
      expect((await agent.get(`/api/clients/${client}/makeups`)).status).toBe(404);
    }
  });

  it('an archived client’s minutes stay readable', async () => {
    const client = await newClient(owner, 'Aria');
    await addIep(owner, client, { startDate: '2026-09-01', serviceMinutes: 60 });
    expectStatus(await owner.post(`/api/clients/${client}/archive`), 200);
    expect(await minutesOf(owner, client, '?from=2026-09-07&to=2026-09-13')).toMatchObject({ required: 60 });
  });
});

describe('the caseload’s rows, CSV and dashboard counts', () => {
  let clinician: Agent;
  let clinicianId: string;
  let ids: { ben: string; amy: string; eve: string; cal: string; liz: string };

  beforeAll(async () => {
    const { agent: o } = await signUpOwner();
    const org = expectStatus(await o.post('/api/organizations', { name: 'Birch Middle', type: 'school' }), 201).id;
    await setSchoolYears(o);
    ({ agent: clinician, id: clinicianId } = await createChild(o, { allowedOrganizationIds: [org] }));
    const mine = (firstName: string, fields: Record<string, unknown> = {}) =>
      o.post('/api/clients', { firstName, lastInitial: 'R', organizationId: org, status: 'active', clinicianIds: [clinicianId], ...fields }).then((r) => expectStatus(r, 201).id as string);
    ids = {
      ben: await mine('Ben'),
      amy: await mine('Amy'),
      eve: await mine('=HYPERLINK("x")'),
      cal: await mine('Cal', { status: 'inactive' }),
      liz: await mine('Liz', { clinicianIds: [] }),
    };
    // Amy: 60/week since 1 September; 40 delivered in the week of 7 September → behind. Reviews and
    // evaluations from her current IEP (the active one that started last), not from the ended one.
    await addIep(o, ids.amy, { startDate: '2026-09-01', serviceMinutes: 60, nextReviewDate: '2026-10-16', nextEvaluationDate: '2026-11-15' });
    await addIep(o, ids.amy, { startDate: '2025-09-01', endDate: '2026-06-30', status: 'ended', serviceMinutes: 60, nextReviewDate: '2026-09-20', nextEvaluationDate: '2026-09-20' });
    await session(o, '2026-09-08', { [ids.amy]: 'present' }, { status: 'completed', duration: 40 });
    await session(o, '2026-09-09', { [ids.amy]: 'canceled' }, { status: 'completed', duration: 30 });
    // Ben: on track (60 of 30 that week; 90 of the 72 required to date this school year), review one
    // day too late for the 30 days, evaluation one day too late for the 60.
    await addIep(o, ids.ben, { startDate: '2026-09-01', serviceMinutes: 30, nextReviewDate: '2026-10-17', nextEvaluationDate: '2026-11-16' });
    await session(o, '2026-09-08', { [ids.ben]: 'present' }, { status: 'completed', duration: 60 });
    await session(o, '2026-09-15', { [ids.ben]: 'present' }, { status: 'completed', duration: 30 });
    // "=HYPERLINK…": review yesterday (overdue, not "due in 30 days").
    await addIep(o, ids.eve, { startDate: '2026-09-01', serviceMinutes: 30, nextReviewDate: '2026-09-15' });
  });

  it('answers one row per active client of "my caseload", by name (=HYPERLINK…, Amy, Ben), with the current IEP’s dates', async () => {
    const rows = expectStatus(await clinician.get('/api/service-minutes?from=2026-09-07&to=2026-09-13'), 200);
    expect(rows.map((r: { clientId: string }) => r.clientId)).toEqual([ids.eve, ids.amy, ids.ben]);
    expect(rows[1]).toEqual({
      clientId: ids.amy,
      firstName: 'Amy',
      lastInitial: 'R',
      required: 60,
      requiredToDate: 60,
      delivered: 40,
      makeupsOwed: 1,
      status: 'behind',
      notCounted: [],
      nextReviewDate: '2026-10-16',
      nextEvaluationDate: '2026-11-15',
    });
    expect(rows[2]).toMatchObject({ required: 30, delivered: 60, status: 'on_track' });
    // "all" adds the unassigned Liz (no IEP); the inactive Cal is never a row.
    const all = expectStatus(await clinician.get('/api/service-minutes?assignedTo=all&from=2026-09-07&to=2026-09-13'), 200);
    expect(all.map((r: { clientId: string }) => r.clientId)).toEqual([ids.eve, ids.amy, ids.ben, ids.liz]);
    expect(all[3]).toMatchObject({ status: 'no_iep', required: 0 });
  });

  it('exports the rows as CSV with the spec’s header, "First L." names, status words, and a formula neutralized', async () => {
    const res = await clinician.get('/api/service-minutes/export?from=2026-09-07&to=2026-09-13');
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toMatch(/^text\/csv/);
    expect(res.headers['Content-Disposition']).toBe('attachment; filename="service-minutes-2026-09-07-to-2026-09-13.csv"');
    const lines = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toEqual([
      MINUTES_CSV_HEADER,
      '"\'=HYPERLINK(""x"") R.","30","30","0","0","Behind","2026-09-15",""',
      '"Amy R.","60","60","40","1","Behind","2026-10-16","2026-11-15"',
      '"Ben R.","30","30","60","0","On track","2026-10-17","2026-11-16"',
    ]);
  });

  it('counts for the dashboard over the school year: 2 behind (Amy 40 of 144, =HYPERLINK… 0 of 72), 1 review due within 30 days (16 October), 1 re-evaluation within 60 days (15 November)', async () => {
    expect(expectStatus(await clinician.get('/api/service-minutes/summary'), 200)).toEqual({ behindOnMinutes: 2, reviewsDueIn30Days: 1, reevaluationsDueIn60Days: 1 });
  });

  it(`refuses a list of more than ${MAX_MINUTES_ROWS} students (400) with the spec's words`, async () => {
    const userId = newId();
    const entries = Array.from({ length: MAX_MINUTES_ROWS + 1 }, (_, i) => {
      const client: ClientItem = { id: newId(), accountId, firstName: `Student${i}`, lastInitial: 'Z', status: 'active', clinicianIds: [userId], createdAt: '2026-09-01T00:00:00.000Z', updatedAt: '2026-09-01T00:00:00.000Z' };
      return caseloadWrites(undefined, client).map((w) => ('Put' in w ? w.Put.Item : undefined))[0]!;
    });
    for (let i = 0; i < entries.length; i += 25) {
      await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: entries.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const res = await owner.get(`/api/service-minutes?assignedTo=${userId}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_MANY_STUDENTS);
  });
});

describe('the account and its time zone', () => {
  it('reads name and default zone America/New_York (any user); the owner renames it and sets a zone, audited by id only; getCurrentUser shows the same name', async () => {
    const { agent, email, user } = await signUpOwner({ accountName: 'Maple District' });
    const { agent: noFlags } = await signInChild(user.accountId, {});
    expect(expectStatus(await noFlags.get('/api/account'), 200)).toEqual({ id: user.accountId, name: 'Maple District', timeZone: 'America/New_York', idleMinutes: 30, retentionYears: 7, deletionScheduledFor: null });
    expect(expectStatus(await agent.put('/api/account', { name: ' Oak District ', timeZone: 'America/Chicago' }), 200)).toEqual({
      id: user.accountId,
      name: 'Oak District',
      timeZone: 'America/Chicago',
      idleMinutes: 30,
      retentionYears: 7,
      deletionScheduledFor: null,
    });
    expect(expectStatus(await agent.get('/api/account'), 200)).toMatchObject({ name: 'Oak District', timeZone: 'America/Chicago' });
    expect(expectStatus(await (await signIn(email)).agent.get('/api/user'), 200).accountName).toBe('Oak District');
    const events = (await queryPartition<Record<string, string>>({ pk: keys.auditPartition(user.accountId), consistent: true })).filter((e) => e.action === 'account.updated');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ entityType: 'account', entityId: user.accountId });
    expect(JSON.stringify(events[0])).not.toMatch(/Oak|Maple/);
  });

  it('refuses a user without canManageUsers (403), a blank name and an unknown zone (400), changing nothing', async () => {
    const { agent, user } = await signUpOwner({ accountName: 'Maple District' });
    const { agent: noFlags } = await signInChild(user.accountId, {});
    expect((await noFlags.put('/api/account', { name: 'Taken', timeZone: 'America/Chicago' })).status).toBe(403);
    const blank = await agent.put('/api/account', { name: '  ', timeZone: 'America/Chicago' });
    expect([blank.status, blank.body.message]).toEqual([400, 'Account name is required']);
    const zone = await agent.put('/api/account', { name: 'Oak District', timeZone: 'Mars/Olympus_Mons' });
    expect([zone.status, zone.body.message]).toEqual([400, 'Choose a valid time zone']);
    expect(expectStatus(await agent.get('/api/account'), 200)).toMatchObject({ name: 'Maple District', timeZone: 'America/New_York' });
  });

  it('today is the account’s: at 02:00 UTC on Wednesday 16 September it is Tuesday in New York (60/week: 24 to date) and Wednesday in Berlin (36)', async () => {
    testClock.set(new Date('2026-09-16T02:00:00.000Z'));
    try {
      const { agent } = await signUpOwner();
      await setSchoolYears(agent);
      const client = expectStatus(await agent.post('/api/clients', { firstName: 'Zed', lastInitial: 'K', status: 'active' }), 201).id;
      await addIep(agent, client, { startDate: '2026-09-01', serviceMinutes: 60 });
      expect(await minutesOf(agent, client, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ requiredToDate: 24 });
      expectStatus(await agent.put('/api/account', { name: 'Berlin District', timeZone: 'Europe/Berlin' }), 200);
      expect(await minutesOf(agent, client, '?from=2026-09-14&to=2026-09-20')).toMatchObject({ requiredToDate: 36 });
    } finally {
      testClock.set(TODAY);
    }
  });
});
