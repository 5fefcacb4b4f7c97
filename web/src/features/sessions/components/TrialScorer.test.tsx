import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@caseload/contract/caseload';
import type { Goal, ProgressPoint, SessionNote } from '@caseload/contract/sessions';
import { SIGNED_NOTE } from '@caseload/contract/signatures';
import { NEWER_SCORES_KEPT, type Trial } from '@caseload/contract/trials';
import { queryClient } from '../../../lib/query-client.ts';
import { jsonResponse, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { mockRoutes } from '../../../test/server.ts';
import { resetTrialsForTests, type TrialsSave } from '../lib/trials.ts';
import { resetAutosaveRegistry } from '../lib/useAutosave.ts';
import { at, sessionId, testSession } from '../test/fixtures.ts';

const ava: Client = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ava', lastInitial: 'S', gradeLevel: '2', status: 'active', icd10Codes: [], medicaidEligible: false, clinicianIds: [], createdAt: at, updatedAt: at };
const session = testSession([ava], testUser.id);
const goal = (id: string, name: string): Goal => ({ id, clientId: ava.id, name, type: 'articulation', description: '<p>Goal</p>', targetCriteria: '80%', status: 'active', criterionMet: false, createdAt: at, updatedAt: at });
const sGoal = goal('44444444-4444-4444-8444-444444444444', 'Initial /s/');
const rGoal = goal('55555555-5555-4555-8555-555555555555', 'Final /r/');

afterEach(() => {
  resetTrialsForTests();
  resetAutosaveRegistry();
});

const pointOf = (body: TrialsSave['body']): ProgressPoint => ({
  id: `p-${body.goalId}`,
  goalId: body.goalId,
  clientId: body.clientId,
  sessionId,
  successfulAttempts: body.trials.filter((t) => t.correct).length,
  totalAttempts: body.trials.length,
  trials: body.trials,
  clientUpdatedAt: body.clientUpdatedAt,
  recordedAt: at,
});

interface ServerOptions {
  rows?: ProgressPoint[];
  notes?: SessionNote[];
}

/**
 * The session page over a small server: PUT trials keeps the newest body per goal (by
 * clientUpdatedAt, as the real one does) and answers the stored row, marked `superseded` when the
 * body was not newer. `server.network` false makes
 * every PUT fail like a dropped connection; `server.refuse` answers that status instead.
 */
function openSession({ rows = [], notes = [] }: ServerOptions = {}) {
  const server = {
    rows: new Map(rows.map((row) => [row.goalId, row])),
    puts: [] as TrialsSave['body'][],
    network: true,
    refuse: null as null | { status: number; message: string },
  };
  mockRoutes({
    'GET /api/user': () => jsonResponse(200, testUser),
    [`GET /api/sessions/${sessionId}`]: () => jsonResponse(200, session),
    [`GET /api/sessions/${sessionId}/client-goals`]: () => jsonResponse(200, [sGoal, rGoal]),
    [`GET /api/sessions/${sessionId}/notes`]: () => jsonResponse(200, notes),
    [`GET /api/sessions/${sessionId}/progress`]: () => jsonResponse(200, [...server.rows.values()]),
    [`PUT /api/sessions/${sessionId}/trials`]: ({ body }) => {
      if (!server.network) return Promise.reject(new TypeError('Failed to fetch'));
      if (server.refuse) return jsonResponse(server.refuse.status, { message: server.refuse.message });
      const save = body as TrialsSave['body'];
      server.puts.push(save);
      const stored = server.rows.get(save.goalId);
      if (stored?.clientUpdatedAt && stored.clientUpdatedAt >= save.clientUpdatedAt) return jsonResponse(200, { ...stored, superseded: true });
      server.rows.set(save.goalId, pointOf(save));
      return jsonResponse(200, server.rows.get(save.goalId));
    },
  });
  renderApp(`/sessions/${sessionId}`);
  return server;
}

const scoring = (name: string) => screen.findByRole('group', { name: `Score ${name}` });
const header = () => within(screen.getByRole('banner'));
const summaryOf = (group: HTMLElement) => within(group).getByTestId('trials-summary').textContent;
const stripOf = (group: HTMLElement) =>
  within(group)
    .queryAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^.*Trial \d+: /, ''));

async function tap(group: HTMLElement, ...buttons: string[]) {
  for (const name of buttons) fireEvent.click(within(group).getByRole('button', { name }));
}

describe('Scoring trials on the session page', () => {
  it('scores Correct and Incorrect after a cue level (Independent first), with the count, percentage and strip', async () => {
    const server = openSession();
    const group = await scoring('Initial /s/');
    expect(within(group).getByRole('button', { name: 'Independent' }).getAttribute('aria-pressed')).toBe('true');
    expect(summaryOf(group)).toBe('No trials yet');

    await tap(group, 'Correct', 'Correct', 'Verbal', 'Incorrect', 'Correct');
    expect(within(group).getByRole('button', { name: 'Verbal' }).getAttribute('aria-pressed')).toBe('true');
    expect(summaryOf(group)).toBe('3/4 · 75%');
    expect(stripOf(group)).toEqual(['correct, independent', 'correct, independent', 'incorrect, verbal cue', 'correct, verbal cue']);

    await header().findByText('All changes saved');
    const expected: Trial[] = [
      { correct: true, cue: 'independent' },
      { correct: true, cue: 'independent' },
      { correct: false, cue: 'verbal' },
      { correct: true, cue: 'verbal' },
    ];
    expect(server.rows.get(sGoal.id)?.trials).toEqual(expected);
    // Each save is the whole list so far, newer than the one before.
    const last = server.puts.at(-1)!;
    expect(last).toMatchObject({ clientId: ava.id, goalId: sGoal.id, trials: expected });
    const instants = server.puts.map((put) => put.clientUpdatedAt);
    expect([...instants].sort()).toEqual(instants);
    expect(new Set(instants).size).toBe(instants.length);
    // The other goal keeps its own count.
    expect(summaryOf(await scoring('Final /r/'))).toBe('No trials yet');
  });

  it('shows the newer scores another device saved meanwhile, and says so, when a save of this page changed nothing', async () => {
    const server = openSession();
    const group = await scoring('Initial /s/');
    await tap(group, 'Correct');
    await header().findByText('All changes saved');
    // Another tablet scores five trials after this page's tap (its clock an hour later).
    const elsewhere = { clientId: ava.id, goalId: sGoal.id, trials: Array.from({ length: 5 }, () => ({ correct: false, cue: 'verbal' as const })) };
    server.rows.set(sGoal.id, pointOf({ ...elsewhere, clientUpdatedAt: new Date(Date.now() + 3_600_000).toISOString() }));
    await tap(group, 'Correct');
    await screen.findByRole('status', { name: `Trials for Initial /s/: ${NEWER_SCORES_KEPT}` });
    expect(summaryOf(group)).toBe('0/5 · 0%');
    expect(server.rows.get(sGoal.id)?.trials).toEqual(elsewhere.trials);
    // The next tap builds on the stored trials, and the sentence goes.
    await tap(group, 'Verbal', 'Correct');
    expect(summaryOf(group)).toBe('1/6 · 17%');
    expect(screen.queryByText(NEWER_SCORES_KEPT)).toBeNull();
  });

  it('undoes the last trial and saves the shorter list', async () => {
    const server = openSession();
    const group = await scoring('Initial /s/');
    expect((within(group).getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    await tap(group, 'Correct', 'Gestural', 'Incorrect', 'Undo');
    expect(summaryOf(group)).toBe('1/1 · 100%');
    await header().findByText('All changes saved');
    expect(server.rows.get(sGoal.id)?.trials).toEqual([{ correct: true, cue: 'independent' }]);
  });

  it('takes the keyboard shortcuts while the scoring area has focus, announced in its description', async () => {
    const server = openSession();
    const group = await scoring('Initial /s/');
    const hint = document.getElementById(group.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Keys: C correct, I incorrect, 1–6 cue level, U or Ctrl+Z undo.');

    group.focus();
    for (const key of ['c', '4', 'i', 'C', '6', 'i', 'u']) fireEvent.keyDown(group, { key });
    expect(within(group).getByRole('button', { name: 'Physical' }).getAttribute('aria-pressed')).toBe('true');
    expect(summaryOf(group)).toBe('2/3 · 67%');
    // From a button inside the area too; Ctrl+Z undoes like U.
    fireEvent.keyDown(within(group).getByRole('button', { name: 'Correct' }), { key: 'z', ctrlKey: true });
    expect(summaryOf(group)).toBe('1/2 · 50%');
    await header().findByText('All changes saved');
    expect(server.rows.get(sGoal.id)?.trials).toEqual([
      { correct: true, cue: 'independent' },
      { correct: false, cue: 'verbal' },
    ]);
  });

  it('keeps taps made offline, says so in the header, and sends the newest list when the network returns', async () => {
    const server = openSession();
    const group = await scoring('Initial /s/');
    await tap(group, 'Correct');
    await header().findByText('All changes saved');

    server.network = false;
    // Two trials scored (the cue level is not a change): the header counts both, not the one row they share.
    await tap(group, 'Incorrect', 'Model', 'Correct');
    await header().findByText('Offline – 2 changes not yet saved');
    expect(screen.getByRole('status', { name: 'Trials for Initial /s/: Not saved yet' })).toBeTruthy();
    await tap(await scoring('Final /r/'), 'Correct');
    await header().findByText('Offline – 3 changes not yet saved');
    expect(summaryOf(group)).toBe('2/3 · 67%');

    server.network = true;
    window.dispatchEvent(new Event('online'));
    await header().findByText('All changes saved');
    expect(server.rows.get(sGoal.id)?.trials).toEqual([
      { correct: true, cue: 'independent' },
      { correct: false, cue: 'independent' },
      { correct: true, cue: 'model' },
    ]);
    expect(server.rows.get(rGoal.id)?.trials).toEqual([{ correct: true, cue: 'independent' }]);
  });

  it('shows the trials still queued on the device after a reload, not the older stored ones, and sends them', async () => {
    const server = openSession();
    const group = await scoring('Initial /s/');
    await tap(group, 'Correct');
    await header().findByText('All changes saved');
    server.network = false;
    await tap(group, 'Incorrect', 'Incorrect');
    await header().findByText('Offline – 2 changes not yet saved');
    const stored = server.rows.get(sGoal.id)!;

    // The reload: the page's memory is gone, the device keeps the queue; the network still down.
    cleanup();
    queryClient.clear();
    resetTrialsForTests({ reload: true });
    const after = openSession({ rows: [stored] });
    after.network = false;
    const reloaded = await scoring('Initial /s/');
    await waitFor(() => expect(summaryOf(reloaded)).toBe('1/3 · 33%'));
    await header().findByText('Offline – 2 changes not yet saved');

    after.network = true;
    window.dispatchEvent(new Event('online'));
    await header().findByText('All changes saved');
    expect(after.rows.get(sGoal.id)?.trials).toEqual([
      { correct: true, cue: 'independent' },
      { correct: false, cue: 'independent' },
      { correct: false, cue: 'independent' },
    ]);
  });

  it('locks the scoring with the spec text when a save is refused as signed, and lists the refused change until discarded', async () => {
    const server = openSession();
    const group = await scoring('Initial /s/');
    server.refuse = { status: 409, message: SIGNED_NOTE };
    await tap(group, 'Correct');

    expect(await screen.findByText(SIGNED_NOTE, { selector: '.chakra-alert__title' })).toBeTruthy();
    const locked = await scoring('Initial /s/');
    await waitFor(() => expect(within(locked).queryByRole('button', { name: 'Correct' })).toBeNull());
    // The refused state is not shown as if saved.
    expect(summaryOf(locked)).toBe('No trials yet');
    expect(header().queryByText('All changes saved')).toBeNull();

    fireEvent.click(await header().findByRole('button', { name: '1 change not saved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not saved' });
    expect(within(dialog).getByText('Ava S. · Initial /s/ (1 trial)')).toBeTruthy();
    expect(within(dialog).getByText(SIGNED_NOTE)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(header().queryByRole('button', { name: '1 change not saved' })).toBeNull());
    expect(server.puts).toEqual([]);
  });

  it('shows a signed note’s trials read-only', async () => {
    const trials: Trial[] = [
      { correct: true, cue: 'independent' },
      { correct: false, cue: 'visual' },
    ];
    openSession({
      rows: [pointOf({ clientId: ava.id, goalId: sGoal.id, trials, clientUpdatedAt: at })],
      notes: [{ clientId: ava.id, notes: '', updatedAt: at, addenda: [], signature: { userId: testUser.id, name: 'Jane Doe', role: 'slp', at } }],
    });
    const group = await scoring('Initial /s/');
    await waitFor(() => expect(summaryOf(group)).toBe('1/2 · 50%'));
    expect(stripOf(group)).toEqual(['correct, independent', 'incorrect, visual cue']);
    expect(within(group).queryByRole('button', { name: 'Correct' })).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Enter counts instead/ })).toBeNull();
  });

  it('offers the count form for a goal without trials, opens on it where counts are stored, and not once trials exist', async () => {
    const counts: ProgressPoint = { id: 'p1', goalId: rGoal.id, clientId: ava.id, sessionId, successfulAttempts: 7, totalAttempts: 10, recordedAt: at };
    openSession({ rows: [counts] });
    // Final /r/ was recorded with counts: its form shows, and scoring is one press away.
    expect(((await screen.findByLabelText('Successful Attempts for Final /r/')) as HTMLInputElement).value).toBe('7');
    expect(screen.getByText('Scoring trials replaces the counts entered for this session.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Score trials instead for Final /r/' }));
    expect(await scoring('Final /r/')).toBeTruthy();

    // Initial /s/ has no data: scoring, with the counts instead until it has a trial.
    const group = await scoring('Initial /s/');
    expect(screen.getByRole('button', { name: 'Enter counts instead for Initial /s/' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter counts instead for Final /r/' })).toBeTruthy();
    await tap(group, 'Correct');
    expect(screen.queryByRole('button', { name: 'Enter counts instead for Initial /s/' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enter counts instead for Final /r/' }));
    expect(await screen.findByLabelText('Successful Attempts for Final /r/')).toBeTruthy();
  });
});
