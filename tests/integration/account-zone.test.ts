/**
 * Periods and times in the account's time zone (part 4 §1.4, §1.6), over the real handlers and
 * DynamoDB Local, for a district in Los Angeles: a reporting period's days are Pacific days (its
 * note's facts, the bulk job's notes and the parent report take in a 4:30 pm session on the last
 * day and leave out 00:30 the day after), and an 8:00 AM session prints as 08:00 in the service
 * log, its CSV and the session note's PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../packages/core/src/clock.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { plainText } from '../../packages/core/src/plain-text.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { readPdf } from '../support/pdf-text.ts';
import { putClient, putGoal, recordSession } from '../support/records.ts';

const ZONE = 'America/Los_Angeles';
/** Winter (UTC−8) at both ends, so 4:30 pm on the last day is 00:30 UTC on the next. */
const PERIOD = { reportingPeriodStart: '2026-11-02', reportingPeriodEnd: '2026-12-18' };
/** Sessions near the period's edges, as UTC instants of Pacific wall-clock times. */
const EDGES = {
  /** 1 November 23:30 Pacific: the day before the period (2 November in UTC). */
  dayBefore: '2026-11-02T07:30:00.000Z',
  /** 2 November 00:30 Pacific: the first day. */
  firstDay: '2026-11-02T08:30:00.000Z',
  /** 18 December 4:30 pm Pacific: the last day (19 December in UTC). */
  lastAfternoon: '2026-12-19T00:30:00.000Z',
  /** 19 December 00:30 Pacific: the day after. */
  dayAfter: '2026-12-19T08:30:00.000Z',
};

let owner: Agent;
let accountId: string;

beforeAll(async () => {
  // Today is in the period, in any zone: the missing-notes list and the reports read "now".
  testClock.set(new Date('2026-12-10T20:00:00.000Z'));
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  expectStatus(await owner.put('/api/account', { name: 'Pacific District', timeZone: ZONE }), 200);
});
afterAll(() => testClock.reset());

/** A client with one goal and a session with data at each edge: 20%, 50%, 70% and 10% in time order. */
async function clientAtTheEdges(firstName: string) {
  const client = await putClient(accountId, { firstName });
  const goal = await putGoal(accountId, client, { name: 'Produce /r/ in words', createdAt: '2026-09-01T00:00:00.000Z' });
  await recordSession(accountId, client, EDGES.dayBefore, [[goal, 2, 10]]);
  await recordSession(accountId, client, EDGES.firstDay, [[goal, 5, 10]]);
  await recordSession(accountId, client, EDGES.lastAfternoon, [[goal, 7, 10]]);
  await recordSession(accountId, client, EDGES.dayAfter, [[goal, 1, 10]]);
  return client;
}

/** What the note says of the period's sessions: the first day's and the last afternoon's only. */
function expectPacificDays(content: string) {
  const text = plainText(content);
  expect(text).toContain('Accuracy by session, in order: 50%, 70%.');
  expect(text).toContain('attended 2');
  expect(text).toContain('60 minutes');
}

describe('a reporting period is the account zone’s days', () => {
  it('a note’s facts take in 4:30 pm on the last day and leave out 00:30 the day after and 23:30 the day before', async () => {
    const client = await clientAtTheEdges('Lena');
    const note = expectStatus(await owner.post(`/api/clients/${client.id}/generate-progress-note`, PERIOD), 201);
    expectPacificDays(note.content);
  });

  it('a bulk job’s notes read the same days', async () => {
    const client = await clientAtTheEdges('Milo');
    const started = expectStatus(await owner.post('/api/generate-progress-notes-bulk', { clientIds: [client.id], ...PERIOD }), 202);
    await whenJobsIdle();
    expect(expectStatus(await owner.get(`/api/generate-progress-notes-bulk/${started.jobId}`), 200)).toMatchObject({ status: 'completed', successCount: 1 });
    const [note] = expectStatus(await owner.get(`/api/clients/${client.id}/progress-notes`), 200);
    expectPacificDays(note.content);
  });

  it('the parent report charts the same sessions, on their Pacific dates', async () => {
    const client = await clientAtTheEdges('Nora');
    const note = expectStatus(await owner.post(`/api/clients/${client.id}/generate-progress-note`, PERIOD), 201);
    const res = await owner.get(`/api/progress-notes/${note.id}/pdf`);
    expect(res.status).toBe(200);
    const lines = (await readPdf(Buffer.from(res.body as string, 'base64'))).pages.flatMap((p) => p.lines);
    expect(lines).toContain('Nov 2 Dec 18');
    expect(lines.filter((l) => /\b(Nov 1|Dec 19)\b/.test(l))).toEqual([]);
  });
});

describe('times print in the account’s zone', () => {
  it('an 8:00 AM Pacific session is 08:00–08:30 in the service log, its CSV, its signature’s facts and the session note’s PDF; 3:45 PM unsigned is 15:45', async () => {
    const orgId = expectStatus(await owner.post('/api/organizations', { name: 'Cedar Elementary', type: 'school' }), 201).id;
    const clientId = expectStatus(await owner.post('/api/clients', { firstName: 'Ines', lastInitial: 'R', organizationId: orgId, status: 'active' }), 201).id;
    // 8:00 AM Pacific on Tuesday 8 December 2026 is 16:00 UTC.
    const body = { type: 'therapy', clientIds: [clientId], scheduledAt: '2026-12-08T16:00:00.000Z', duration: 30 };
    const session = expectStatus(await owner.post('/api/sessions', body), 201);
    expectStatus(await owner.patch(`/api/sessions/${session.id}/participants/${clientId}`, { status: 'present' }), 200);
    expectStatus(await owner.put(`/api/sessions/${session.id}`, { ...body, status: 'completed' }), 200);
    expectStatus(await owner.post(`/api/sessions/${session.id}/sign`, { clientId }), 200);
    // 3:45 PM Pacific the same day is 23:45 UTC; its note stays unsigned, so its line is read live.
    const later = { ...body, scheduledAt: '2026-12-08T23:45:00.000Z', duration: 45 };
    const unsigned = expectStatus(await owner.post('/api/sessions', later), 201);
    expectStatus(await owner.patch(`/api/sessions/${unsigned.id}/participants/${clientId}`, { status: 'present' }), 200);
    expectStatus(await owner.put(`/api/sessions/${unsigned.id}`, { ...later, status: 'completed' }), 200);

    const notes = expectStatus(await owner.get(`/api/sessions/${session.id}/notes`), 200) as { signature?: { facts?: unknown } }[];
    expect(notes[0]?.signature?.facts).toMatchObject({ date: '2026-12-08', start: '08:00', end: '08:30', timeZone: ZONE });
    const query = 'from=2026-12-08&to=2026-12-08&assignedTo=all';
    expect(expectStatus(await owner.get(`/api/service-log?${query}`), 200)).toMatchObject([
      { sessionId: session.id, date: '2026-12-08', start: '08:00', end: '08:30', signed: true },
      { sessionId: unsigned.id, date: '2026-12-08', start: '15:45', end: '16:30', signed: false },
    ]);
    const csv = await owner.get(`/api/service-log/export?${query}`);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[1]).toBe('"2026-12-08","Ines R.","Olivia Owner","Speech-Language Pathologist","08:00","08:30","30","1","92507","","Therapy","yes","not needed"');
    expect(csv.text.split('\r\n')[2]).toBe('"2026-12-08","Ines R.","Olivia Owner","Speech-Language Pathologist","15:45","16:30","45","1","92507","","Therapy","no","not needed"');

    const pdf = await owner.get(`/api/sessions/${session.id}/notes/${clientId}/pdf`);
    expect(pdf.status).toBe(200);
    const text = (await readPdf(Buffer.from(pdf.body as string, 'base64'))).text;
    expect(text).toContain('Date: December 8, 2026');
    expect(text).toContain(`Time: 08:00–08:30 (${ZONE})`);
    // Signed "now" by the test clock: 20:00 UTC is noon in Los Angeles.
    expect(text).toContain('on December 10, 2026 at 12:00');
  });
});
