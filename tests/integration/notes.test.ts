import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERED_NOTE_UNDELETABLE } from '../../packages/contract/src/notes.ts';
import { plainText } from '../../packages/core/src/plain-text.ts';
import { NO_DATA_SENTENCE } from '../../packages/core/src/notes/local-generator.ts';
import { createLocalServer } from '../../packages/local/src/server.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import type { CueLevel, Trial } from '../../packages/contract/src/trials.ts';
import { dashedStrokes, readPdf, strokedPaths } from '../support/pdf-text.ts';
import { putClient, putGoal, putOrganization, putSession, recordSession, signInChild } from '../support/records.ts';

const MARCH = { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' };

let owner: Agent;
let accountId: string;

/** A client of the owner's account with two goals and three sessions of data in March 2024. */
async function clientWithData(fields: Parameters<typeof putClient>[1] = {}) {
  const client = await putClient(accountId, fields);
  const r = await putGoal(accountId, client, { name: 'Produce /r/ in words', createdAt: '2024-01-01T00:00:00.000Z' });
  const wh = await putGoal(accountId, client, { name: 'Answer wh- questions', goalType: 'receptive_language', targetCriteria: '4 of 5 trials', createdAt: '2024-01-02T00:00:00.000Z' });
  await recordSession(accountId, client, '2024-03-04T14:00:00.000Z', [[r, 6, 10], [wh, 9, 12]]);
  await recordSession(accountId, client, '2024-03-11T14:00:00.000Z', [[r, 7, 10], [wh, 7, 12]]);
  await recordSession(accountId, client, '2024-03-18T14:00:00.000Z', [[r, 9, 10]]);
  return client;
}

/** A trial list in the order given: [correct, trials] per cue level, the correct ones first. */
const trialsOf = (byCue: Partial<Record<CueLevel, [number, number]>>): Trial[] =>
  (Object.entries(byCue) as [CueLevel, [number, number]][]).flatMap(([cue, [ok, n]]) => Array.from({ length: n }, (_, i) => ({ cue, correct: i < ok })));

const notesOf = async (agent: Agent, clientId: string) => (await agent.get(`/api/clients/${clientId}/progress-notes`)).body as any[];

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
});

describe('POST /api/clients/{id}/generate-progress-note', () => {
  it('generates from the recorded data, stores the note and returns it', async () => {
    const client = await clientWithData();
    const res = await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ clientId: client.id, generatedBy: 'ai', status: 'generated', ...MARCH, clientName: 'Ava M.' });
    const text = plainText(res.body.content);
    expect(text).toContain('Accuracy by session, in order: 60%, 70%, 90%');
    expect(text).toContain('Accuracy by session, in order: 75%, 58%');
    expect(text).toContain('attended 3');

    const listed = await notesOf(owner, client.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: res.body.id, content: res.body.content, generatedBy: 'ai', status: 'generated' });
    const all = (await owner.get('/api/progress-notes')).body as any[];
    expect(all.find((n) => n.id === res.body.id)).toMatchObject({ clientName: 'Ava M.' });
  });

  it('validates the dates with the spec\'s messages', async () => {
    const client = await putClient(accountId);
    const url = `/api/clients/${client.id}/generate-progress-note`;
    const both = 'Please select both start and end dates for the reporting period.';
    for (const body of [{}, { reportingPeriodStart: '2024-03-01' }, { reportingPeriodStart: '', reportingPeriodEnd: '2024-03-31' }]) {
      const res = await owner.post(url, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(both);
    }
    for (const body of [{ reportingPeriodStart: '2024-03-31', reportingPeriodEnd: '2024-03-01' }, { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-01' }]) {
      const res = await owner.post(url, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('End date must be after start date.');
    }
    expect((await owner.post(url, { reportingPeriodStart: '2022-01-01', reportingPeriodEnd: '2024-01-01' })).body.message).toBe('The reporting period can be at most one year.');
    expect(await notesOf(owner, client.id)).toEqual([]);
  });

  it('says plainly when a goal has no data, and invents nothing', async () => {
    const client = await putClient(accountId, { firstName: 'Noah' });
    await putGoal(accountId, client, { name: 'Use easy onset' });
    const res = await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
    expect(res.status).toBe(201);
    const text = plainText(res.body.content);
    expect(text).toContain(NO_DATA_SENTENCE);
    expect(text).toContain('No sessions were scheduled for Noah M. during the reporting period.');
    // The only percentage is the goal's own target.
    expect(text.match(/\d+%/g)).toEqual(['80%']);
    expect(text).not.toContain('Accuracy');
  });

  it('regenerates the period\'s note under its id when generated again, so a period never has two notes', async () => {
    const client = await clientWithData();
    const first = await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
    const second = await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ id: first.body.id, createdAt: first.body.createdAt, status: 'generated' });
    const listed = await notesOf(owner, client.id);
    expect(listed.map((n) => n.id)).toEqual([first.body.id]);
    // Another period is another note, newest first.
    const april = await owner.post(`/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: '2024-04-01', reportingPeriodEnd: '2024-04-30' });
    expect((await notesOf(owner, client.id)).map((n) => n.id)).toEqual([april.body.id, first.body.id]);
  });

  it('refuses archived, unknown and malformed client ids with 404', async () => {
    const archived = await putClient(accountId, { archivedAt: '2024-02-01T00:00:00.000Z' });
    expect((await owner.post(`/api/clients/${archived.id}/generate-progress-note`, MARCH)).status).toBe(404);
    expect((await owner.post(`/api/clients/${crypto.randomUUID()}/generate-progress-note`, MARCH)).status).toBe(404);
    expect((await owner.post('/api/clients/not-an-id/generate-progress-note', MARCH)).status).toBe(404);
  });
});

describe('notes from trials scored with cue levels', () => {
  /** Stores the trials through PUT /api/sessions/{id}/trials, as the session page does. */
  async function scoreTrials(sessionId: string, goal: { id: string; clientId: string }, byCue: Partial<Record<CueLevel, [number, number]>>) {
    const res = await owner.put(`/api/sessions/${sessionId}/trials`, { clientId: goal.clientId, goalId: goal.id, trials: trialsOf(byCue), clientUpdatedAt: new Date().toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it('states the share correct independently and the cue levels of the rest, only for the sessions scored with cue levels', async () => {
    const client = await putClient(accountId, { firstName: 'Tia' });
    const scored = await putGoal(accountId, client, { name: 'Produce /s/ in phrases', createdAt: '2024-01-01T00:00:00.000Z' });
    const mixed = await putGoal(accountId, client, { name: 'Follow 2-step directions', goalType: 'receptive_language', createdAt: '2024-01-02T00:00:00.000Z' });
    const undone = await putGoal(accountId, client, { name: 'Use easy onset', goalType: 'fluency', createdAt: '2024-01-03T00:00:00.000Z' });
    const [first, second] = await Promise.all(
      ['2024-03-04T14:00:00.000Z', '2024-03-11T14:00:00.000Z'].map((scheduledAt) => putSession(accountId, { scheduledAt, participants: { [client.id]: 'present' } })),
    );
    await scoreTrials(first!.id, scored, { independent: [6, 7], verbal: [2, 3] });
    await scoreTrials(second!.id, scored, { independent: [7, 7], verbal: [1, 1], model: [1, 2] });
    // The part-2 count form in the first session, trials in the second.
    expect((await owner.post(`/api/sessions/${first!.id}/progress`, { goalId: mixed.id, successfulAttempts: 5, totalAttempts: 10 })).status).toBe(200);
    await scoreTrials(second!.id, mixed, { independent: [4, 5], visual: [3, 5] });
    // Scored and then undone: an empty list is 0 of 0, no data.
    await scoreTrials(second!.id, undone, {});

    const res = await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
    expect(res.status).toBe(201);
    const text = plainText(res.body.content);
    expect(text).toContain(
      'In the 2 sessions scored trial by trial with cue levels (20 trials), Tia M. scored 85% correct, 65% independently, with cues on the rest: verbal on 3 trials (15%) and model on 1 trial (5%).',
    );
    expect(text).toContain('Fade verbal and model cues toward independent responses.');
    expect(text).toContain('Accuracy by session, in order: 50%, 70%');
    expect(text).toContain(
      'In the session scored trial by trial with cue levels (10 trials), Tia M. scored 70% correct, 40% independently, with visual cues on the rest (3 trials, 30%). ' +
        'The other session was recorded as counts only, without cue levels, so these figures do not include them.',
    );
    const fluency = text.slice(text.indexOf('Use easy onset'));
    expect(fluency).toContain(NO_DATA_SENTENCE);
    expect(fluency).not.toMatch(/independently|cue/);
  });

  it('says nothing of cues once the count form has replaced the trials', async () => {
    const client = await putClient(accountId, { firstName: 'Uma' });
    const goal = await putGoal(accountId, client, { name: 'Produce /l/ in words' });
    const session = await putSession(accountId, { scheduledAt: '2024-03-05T14:00:00.000Z', participants: { [client.id]: 'present' } });
    await scoreTrials(session.id, goal, { independent: [3, 4], gestural: [2, 2] });
    const withTrials = plainText((await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body.content);
    expect(withTrials).toContain('Uma M. scored 83% correct, 50% independently, with gestural cues on the rest (2 trials, 33%).');

    expect((await owner.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: 4, totalAttempts: 6 })).status).toBe(200);
    const countsOnly = plainText((await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body.content);
    expect(countsOnly).toContain('Data were collected in 1 session (6 trials, 4 correct), with an accuracy of 67%.');
    expect(countsOnly).not.toMatch(/independently|cue/);
  });
});

describe('editing and deleting notes', () => {
  it('sanitizes edits, marks them updated, and refuses empty content', async () => {
    const client = await clientWithData();
    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    const hostile =
      '<p onclick="steal()">Edited <strong>note</strong><script>alert(1)</script></p>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a><a href="https://district.example/plan">plan</a>' +
      '<p style="color: red; position: fixed">red</p>';
    const res = await owner.patch(`/api/progress-notes/${note.id}`, { content: hostile });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('updated');
    expect(res.body.content).not.toMatch(/script|onclick|onerror|javascript:|<img|position/i);
    expect(res.body.content).toContain('<strong>note</strong>');
    expect(res.body.content).toContain('href="https://district.example/plan"');
    expect(res.body.content).toContain('color: red');
    expect((await notesOf(owner, client.id))[0]).toMatchObject({ status: 'updated', content: res.body.content });

    for (const content of ['   ', '<script>alert(1)</script>', '<p> </p>']) {
      const bad = await owner.patch(`/api/progress-notes/${note.id}`, { content });
      expect(bad.status, content).toBe(400);
      expect(bad.body.message).toBe('Content is required');
    }
  });

  it('deletes a note and its period, so the period can be generated again', async () => {
    const client = await clientWithData();
    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    expect((await owner.delete(`/api/progress-notes/${note.id}`)).status).toBe(200);
    expect(await notesOf(owner, client.id)).toEqual([]);
    expect((await owner.delete(`/api/progress-notes/${note.id}`)).status).toBe(404);
    const again = await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
    expect(again.status).toBe(201);
    expect((await notesOf(owner, client.id)).map((n) => n.id)).toEqual([again.body.id]);
  });

  it('never deletes a delivered note (409 in the spec\'s words), so its period is never generated again', async () => {
    const client = await clientWithData();
    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    expect((await owner.patch(`/api/progress-notes/${note.id}`, { status: 'delivered' })).status).toBe(200);
    const refused = await owner.delete(`/api/progress-notes/${note.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DELIVERED_NOTE_UNDELETABLE);
    expect((await notesOf(owner, client.id)).map((n) => [n.id, n.status])).toEqual([[note.id, 'delivered']]);
    expect((await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).status).toBe(409);
  });

  it('decides a delete raced against the delivery on the note as it is: delivered and kept, or deleted and never delivered', async () => {
    for (let round = 0; round < 5; round++) {
      const client = await clientWithData();
      const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
      const [deleted, delivered] = await Promise.all([owner.delete(`/api/progress-notes/${note.id}`), owner.patch(`/api/progress-notes/${note.id}`, { status: 'delivered' })]);
      const stored = await notesOf(owner, client.id);
      if (deleted.status === 200) {
        expect(delivered.status).toBe(404);
        expect(stored).toEqual([]);
      } else {
        expect([deleted.status, deleted.body.message, delivered.status]).toEqual([409, DELIVERED_NOTE_UNDELETABLE, 200]);
        expect(stored.map((n) => n.status)).toEqual(['delivered']);
      }
    }
  });

  it('keeps notes of archived clients readable and editable', async () => {
    const client = await clientWithData();
    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    await putClient(accountId, { ...client, archivedAt: '2024-05-01T00:00:00.000Z' });
    expect((await notesOf(owner, client.id)).map((n) => n.id)).toEqual([note.id]);
    expect((await owner.patch(`/api/progress-notes/${note.id}`, { content: '<p>Final note</p>' })).status).toBe(200);
  });
});

describe('permissions and isolation', () => {
  it('enforces the progress-note flags; a refused generation stores nothing', async () => {
    const client = await clientWithData();
    const viewer = await signInChild(accountId);
    const res = await viewer.agent.post(`/api/clients/${client.id}/generate-progress-note`, MARCH);
    expect(res.status).toBe(403);
    expect(await notesOf(owner, client.id)).toEqual([]);

    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    expect((await viewer.agent.get(`/api/clients/${client.id}/progress-notes`)).status).toBe(200);
    expect((await viewer.agent.patch(`/api/progress-notes/${note.id}`, { content: '<p>x</p>' })).status).toBe(403);
    expect((await viewer.agent.delete(`/api/progress-notes/${note.id}`)).status).toBe(403);

    const blind = await signInChild(accountId, { canViewProgressNotes: false });
    expect((await blind.agent.get('/api/progress-notes')).status).toBe(403);
    expect((await blind.agent.get(`/api/progress-notes/${note.id}/pdf`)).status).toBe(403);

    const editor = await signInChild(accountId, { canGenerateProgressNotes: true, canEditProgressNotes: true, canDeleteProgressNotes: true });
    expect((await editor.agent.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).status).toBe(201);
    const latest = (await notesOf(owner, client.id))[0];
    expect((await editor.agent.patch(`/api/progress-notes/${latest.id}`, { content: '<p>ok</p>' })).status).toBe(200);
    expect((await editor.agent.delete(`/api/progress-notes/${latest.id}`)).status).toBe(200);
  });

  it('limits a child user to the clients of their organizations', async () => {
    const mine = await putOrganization(accountId, 'North');
    const theirs = await putOrganization(accountId, 'South');
    const inside = await clientWithData({ organizationId: mine.id, firstName: 'Ines' });
    const outside = await clientWithData({ organizationId: theirs.id, firstName: 'Otto' });
    const outsideNote = (await owner.post(`/api/clients/${outside.id}/generate-progress-note`, MARCH)).body;
    const child = await signInChild(accountId, { canGenerateProgressNotes: true, canEditProgressNotes: true, allowedOrganizationIds: [mine.id] });

    expect((await child.agent.post(`/api/clients/${inside.id}/generate-progress-note`, MARCH)).status).toBe(201);
    expect((await child.agent.post(`/api/clients/${outside.id}/generate-progress-note`, MARCH)).status).toBe(404);
    expect((await child.agent.get(`/api/clients/${outside.id}/progress-notes`)).status).toBe(404);
    expect((await child.agent.patch(`/api/progress-notes/${outsideNote.id}`, { content: '<p>x</p>' })).status).toBe(404);
    // A client moved to another organization takes its notes along.
    const moved = await clientWithData({ organizationId: mine.id, firstName: 'Mo' });
    const movedNote = (await owner.post(`/api/clients/${moved.id}/generate-progress-note`, MARCH)).body;
    await putClient(accountId, { ...moved, organizationId: theirs.id });
    const listed = (await child.agent.get('/api/progress-notes')).body as any[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((n) => n.organizationId === mine.id)).toBe(true);
    expect(listed.some((n) => n.id === movedNote.id || n.id === outsideNote.id)).toBe(false);
  });

  it('answers 404 for another account\'s clients and notes', async () => {
    const client = await clientWithData();
    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    const stranger = (await signUpOwner()).agent;
    expect((await stranger.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).status).toBe(404);
    expect((await stranger.get(`/api/clients/${client.id}/progress-notes`)).status).toBe(404);
    expect((await stranger.patch(`/api/progress-notes/${note.id}`, { content: '<p>x</p>' })).status).toBe(404);
    expect((await stranger.delete(`/api/progress-notes/${note.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/progress-notes/${note.id}/pdf`)).status).toBe(404);
    expect(((await stranger.get('/api/progress-notes')).body as any[]).some((n) => n.id === note.id)).toBe(false);
    expect(await notesOf(owner, client.id)).toHaveLength(1);
  });
});

describe('GET /api/progress-notes/{id}/pdf', () => {
  it("answers the parent report: the student's school and district and the note's writer, per goal its name, a chart, the cue levels and the status in words, then the note's text", async () => {
    const school = await putOrganization(accountId, 'Maple Elementary');
    const client = await putClient(accountId, { firstName: 'Nguyễn', organizationId: school.id });
    const r = await putGoal(accountId, client, {
      name: 'Produce /r/ in words',
      createdAt: '2024-01-01T00:00:00.000Z',
      criterionAccuracy: 80,
      criterionSessions: 2,
      baseline: { accuracy: 30, date: '2024-02-20' },
    });
    const wh = await putGoal(accountId, client, { name: 'Answer wh- questions', goalType: 'receptive_language', createdAt: '2024-01-02T00:00:00.000Z' });
    await putGoal(accountId, client, { name: 'Use two-word phrases', goalType: 'expressive_language', createdAt: '2024-01-03T00:00:00.000Z' });
    await recordSession(accountId, client, '2024-03-04T14:00:00.000Z', [[r, 6, 10], [wh, 9, 12]]);
    await recordSession(accountId, client, '2024-03-11T14:00:00.000Z', [[r, 7, 10], [wh, 7, 12]]);
    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    const res = await owner.get(`/api/progress-notes/${note.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe('application/pdf');
    expect(res.headers['Content-Disposition']).toBe('attachment; filename="progress-note-2024-03-31.pdf"');
    const pdf = await readPdf(Buffer.from(res.body as string, 'base64'));
    const lines = pdf.pages.flatMap((p) => p.lines);
    expect(lines.slice(0, 6)).toEqual(['Progress Report', 'Student: Nguyễn M.', 'School: Maple Elementary', 'District: Maple District', 'Prepared by: Olivia Owner', 'Reporting period: March 1, 2024 to March 31, 2024']);
    const section = (from: string, to: string) => lines.slice(lines.indexOf(from), lines.indexOf(to));
    // Each goal: its name, its chart (axis labels, criterion and baseline when it has them), its status.
    const rGoal = section('Produce /r/ in words', 'Answer wh- questions');
    expect(rGoal).toEqual(expect.arrayContaining(['0%', '50%', '100%', 'Baseline Mar 4 Mar 11', 'Criterion 80%', 'Baseline 30%', 'Status: Progressing']));
    const whGoal = section('Answer wh- questions', 'Use two-word phrases');
    expect(whGoal).toEqual(expect.arrayContaining(['0%', '100%', 'Mar 4 Mar 11', 'Status: Not yet']));
    expect(whGoal.some((l) => l.startsWith('Criterion'))).toBe(false);
    expect(section('Use two-word phrases', 'Progress note')).toContain('Status: No data');
    // Three charts drawn as vector paths; the criterion as a dashed line.
    expect(strokedPaths(pdf.operators)).toBeGreaterThan(10);
    expect(dashedStrokes(pdf.operators)).toBeGreaterThanOrEqual(1);
    const body = section('Progress note', 'Page 1 of 1').join(' ');
    expect(body).toContain('65%');
  });

  it('prints a Thai or Bengali name as written, and answers 422 for a name with a character no font has', async () => {
    for (const [firstName, lastInitial] of [['สมชาย', 'ก'], ['অর্পিতা', 'স']] as const) {
      const client = await clientWithData({ firstName, lastInitial });
      const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
      const res = await owner.get(`/api/progress-notes/${note.id}/pdf`);
      expect(res.status).toBe(200);
      const text = (await readPdf(Buffer.from(res.body as string, 'base64'))).text;
      // Letters, not vowel signs: a vowel sign drawn before its consonant (Bengali ি) reads back before it.
      for (const letter of [...firstName, lastInitial].filter((ch) => /\p{L}/u.test(ch))) expect(text, letter).toContain(letter);
    }
    const unicorn = await clientWithData({ firstName: 'Zoë 🦄' });
    const note = (await owner.post(`/api/clients/${unicorn.id}/generate-progress-note`, MARCH)).body;
    const refused = await owner.get(`/api/progress-notes/${note.id}/pdf`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'This report contains characters Caseload cannot print yet' });
  });

  it('reaches the browser as binary through the local server', async () => {
    const client = await clientWithData();
    const note = (await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH)).body;
    const server = createLocalServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`http://127.0.0.1:${port}/api/progress-notes/${note.id}/pdf`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(res.headers.get('content-length') ?? bytes.length)).toBe(bytes.length);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
