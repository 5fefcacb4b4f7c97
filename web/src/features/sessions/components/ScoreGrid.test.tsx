import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '@caseload/contract/caseload';
import type { Goal, ProgressPoint, SessionNote } from '@caseload/contract/sessions';
import { jsonResponse, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { mockRoutes } from '../../../test/server.ts';
import { resetTrialsForTests, type TrialsSave } from '../lib/trials.ts';
import { resetAutosaveRegistry } from '../lib/useAutosave.ts';
import { at, sessionId, testSession } from '../test/fixtures.ts';

const client = (id: string, firstName: string, lastInitial: string): Client => ({
  id,
  firstName,
  lastInitial,
  status: 'active',
  icd10Codes: [],
  medicaidEligible: false,
  clinicianIds: [],
  createdAt: at,
  updatedAt: at,
});
const ava = client('11111111-1111-4111-8111-111111111111', 'Ava', 'S');
const ben = client('22222222-2222-4222-8222-222222222222', 'Ben', 'T');
const cleo = client('33333333-3333-4333-8333-333333333333', 'Cleo', 'M');
const session = testSession([ava, ben, cleo], testUser.id);
const goal = (id: string, owner: Client, name: string): Goal => ({
  id,
  clientId: owner.id,
  name,
  type: 'articulation',
  description: '<p>Goal</p>',
  targetCriteria: '80%',
  status: 'active',
  criterionMet: false,
  createdAt: at,
  updatedAt: at,
});
const avaS = goal('44444444-4444-4444-8444-444444444441', ava, 'Initial /s/');
const avaR = goal('44444444-4444-4444-8444-444444444442', ava, 'Final /r/');
const benL = goal('44444444-4444-4444-8444-444444444443', ben, 'Vocalic /l/');
const cleoK = goal('44444444-4444-4444-8444-444444444444', cleo, 'Initial /k/');
const avaCounts: ProgressPoint = { id: 'p1', goalId: avaR.id, clientId: ava.id, sessionId, successfulAttempts: 7, totalAttempts: 10, recordedAt: at };
const cleoSigned: SessionNote = { clientId: cleo.id, notes: '', updatedAt: at, addenda: [], signature: { userId: testUser.id, name: 'Jane Doe', role: 'slp', at } };

afterEach(() => {
  resetTrialsForTests();
  resetAutosaveRegistry();
});

function openGroupSession() {
  const rows = new Map<string, ProgressPoint>([[avaCounts.goalId, avaCounts]]);
  const puts: TrialsSave['body'][] = [];
  mockRoutes({
    'GET /api/user': () => jsonResponse(200, testUser),
    [`GET /api/sessions/${sessionId}`]: () => jsonResponse(200, session),
    [`GET /api/sessions/${sessionId}/client-goals`]: () => jsonResponse(200, [avaS, avaR, benL, cleoK]),
    [`GET /api/sessions/${sessionId}/notes`]: () => jsonResponse(200, [cleoSigned]),
    [`GET /api/sessions/${sessionId}/progress`]: () => jsonResponse(200, [...rows.values()]),
    [`PUT /api/sessions/${sessionId}/trials`]: ({ body }) => {
      const save = body as TrialsSave['body'];
      puts.push(save);
      const point: ProgressPoint = {
        id: `p-${save.goalId}`,
        goalId: save.goalId,
        clientId: save.clientId,
        sessionId,
        successfulAttempts: save.trials.filter((t) => t.correct).length,
        totalAttempts: save.trials.length,
        trials: save.trials,
        clientUpdatedAt: save.clientUpdatedAt,
        recordedAt: at,
      };
      rows.set(save.goalId, point);
      return jsonResponse(200, point);
    },
  });
  renderApp(`/sessions/${sessionId}`);
  return { rows, puts };
}

async function openGrid() {
  fireEvent.click(await screen.findByRole('button', { name: 'Score grid' }));
  return screen.findByRole('group', { name: 'Score grid' });
}

/** Cells are named 'Ava S. – Initial /s/, 7/10 · 70%' (a space may come before the comma: the goal's name is a block). */
const cell = (grid: HTMLElement, name: RegExp) => within(grid).getByRole('button', { name });
const scoringOf = (grid: HTMLElement, label: string) => within(grid).getByRole('group', { name: `Score ${label}` });

describe('Score grid of a group session', () => {
  it('shows every student with their goals and scores whichever cell is selected', async () => {
    const server = openGroupSession();
    const grid = await openGrid();
    // The tabs wait behind the grid.
    expect(screen.queryByRole('tab', { name: /Ava S\./ })).toBeNull();
    expect(within(grid).getByRole('group', { name: 'Goals of Ava S.' })).toBeTruthy();
    expect(cell(grid, /^Ava S\. – Initial \/s\/ ?, No data$/).getAttribute('aria-pressed')).toBe('true');
    // A goal recorded with counts shows them.
    expect(cell(grid, /^Ava S\. – Final \/r\/ ?, 7\/10 · 70%$/)).toBeTruthy();

    fireEvent.click(within(scoringOf(grid, 'Ava S. – Initial /s/')).getByRole('button', { name: 'Correct' }));
    expect(cell(grid, /^Ava S\. – Initial \/s\/ ?, 1\/1 · 100%$/)).toBeTruthy();

    fireEvent.click(cell(grid, /^Ben T\. – Vocalic \/l\/ ?, No data$/));
    const benScoring = scoringOf(grid, 'Ben T. – Vocalic /l/');
    // Each goal starts on Independent.
    expect(within(benScoring).getByRole('button', { name: 'Independent' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(benScoring).getByRole('button', { name: 'Verbal' }));
    fireEvent.click(within(benScoring).getByRole('button', { name: 'Incorrect' }));
    fireEvent.click(within(benScoring).getByRole('button', { name: 'Correct' }));
    expect(cell(grid, /^Ben T\. – Vocalic \/l\/ ?, 1\/2 · 50%$/)).toBeTruthy();
    expect(cell(grid, /^Ava S\. – Initial \/s\/ ?, 1\/1 · 100%$/)).toBeTruthy();

    await within(screen.getByRole('banner')).findByText('All changes saved');
    expect(server.rows.get(benL.id)?.trials).toEqual([
      { correct: false, cue: 'verbal' },
      { correct: true, cue: 'verbal' },
    ]);
    expect(server.puts.at(-1)).toMatchObject({ clientId: ben.id, goalId: benL.id });
    expect(server.rows.get(avaS.id)?.trials).toEqual([{ correct: true, cue: 'independent' }]);

    // Back to the tabs: the same trials show there.
    fireEvent.click(screen.getByRole('button', { name: 'By student' }));
    fireEvent.click(await screen.findByRole('tab', { name: /Ben T\./ }));
    const benPanel = await screen.findByRole('tabpanel', { name: /Ben T\./ });
    await waitFor(() => expect(within(within(benPanel).getByRole('group', { name: 'Score Vocalic /l/' })).getByTestId('trials-summary').textContent).toBe('1/2 · 50%'));
  });

  it('takes the shortcuts for the selected cell while focus is anywhere in the grid', async () => {
    const server = openGroupSession();
    const grid = await openGrid();
    expect(document.getElementById(grid.getAttribute('aria-describedby')!)?.textContent).toBe('Keys: C correct, I incorrect, 1–6 cue level, U or Ctrl+Z undo.');
    const benCell = cell(grid, /^Ben T\. – Vocalic \/l\//);
    fireEvent.click(benCell);
    benCell.focus();
    for (const key of ['2', 'c', 'i', 'c', 'u']) fireEvent.keyDown(benCell, { key });
    expect(cell(grid, /^Ben T\. – Vocalic \/l\/ ?, 1\/2 · 50%$/)).toBeTruthy();
    await within(screen.getByRole('banner')).findByText('All changes saved');
    expect(server.rows.get(benL.id)?.trials).toEqual([
      { correct: true, cue: 'gestural' },
      { correct: false, cue: 'gestural' },
    ]);
  });

  it("shows a signed student's cells read-only", async () => {
    const server = openGroupSession();
    const grid = await openGrid();
    expect(within(grid).getByText('Signed')).toBeTruthy();
    fireEvent.click(cell(grid, /^Cleo M\. – Initial \/k\/ ?, No data$/));
    const cleoScoring = scoringOf(grid, 'Cleo M. – Initial /k/');
    expect(within(cleoScoring).queryByRole('button', { name: 'Correct' })).toBeNull();
    fireEvent.keyDown(cell(grid, /^Cleo M\. – Initial \/k\//), { key: 'c' });
    expect(cell(grid, /^Cleo M\. – Initial \/k\/ ?, No data$/)).toBeTruthy();
    expect(server.puts).toEqual([]);
  });
});
