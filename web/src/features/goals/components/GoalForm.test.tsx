import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { GoalTemplate } from '@caseload/contract/goal-bank';
import type { Goal } from '@caseload/contract/sessions';
import { CRITERION_BOTH } from '@caseload/contract/trials';
import { jsonResponse, testUser } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockRoutes, type RouteRequest } from '../../../test/server.ts';
import { GoalFormDialog } from './GoalForm.tsx';

// tiptap does not type in happy-dom: a plain textarea stands in for the description editor.
vi.mock('../../../components/rich-text/LazyRichTextEditor.tsx', () => ({
  LazyRichTextEditor: ({ value, onChange, label }: { value: string; onChange?: (html: string) => void; label: string }) => (
    <textarea aria-label={label} defaultValue={value} onChange={(event) => onChange?.(`<p>${event.target.value}</p>`)} />
  ),
}));

const clientId = '11111111-1111-4111-8111-111111111111';
const at = '2026-03-09T14:00:00.000Z';
const client = { id: clientId, firstName: 'Maya', lastInitial: 'R', status: 'active', clinicianIds: [], icd10Codes: [], medicaidEligible: false, createdAt: at, updatedAt: at };
const goal: Goal = {
  id: '44444444-4444-4444-8444-000000000001',
  clientId,
  name: 'Final /s/',
  type: 'articulation',
  description: '<p>Maya will say final /s/.</p>',
  targetCriteria: '80% over 3 sessions',
  status: 'active',
  criterionMet: false,
  criterionAccuracy: 80,
  criterionSessions: 3,
  criterionMaxCue: 'verbal',
  baseline: { accuracy: 35, date: '2026-02-02' },
  createdAt: at,
  updatedAt: at,
};
const ownTemplateId = '99999999-9999-4999-8999-000000000001';
const bank: GoalTemplate[] = [
  {
    id: ownTemplateId,
    source: 'account',
    name: 'District /r/ goal',
    type: 'articulation',
    description: '[student] will produce vocalic /r/ in [position] position.',
    targetCriteria: '90% accuracy across 2 consecutive sessions',
    criterionAccuracy: 90,
    criterionSessions: 2,
  },
  {
    id: 'artic-03',
    source: 'caseload',
    name: 'Target sound in words',
    type: 'articulation',
    description: 'During a picture-naming task, [student] will produce [sound] in the [position] position of words with [accuracy]% accuracy given [cue level] cues.',
    targetCriteria: '80% accuracy across 3 consecutive sessions, with no more than visual cues',
    criterionAccuracy: 80,
    criterionSessions: 3,
    criterionMaxCue: 'visual',
  },
  {
    id: 'flu-02',
    source: 'caseload',
    name: 'Easy onsets',
    type: 'fluency',
    description: '[student] will use easy onsets at the [level] level in [accuracy]% of opportunities.',
    targetCriteria: '80% of opportunities across 3 consecutive sessions',
    criterionAccuracy: 80,
    criterionSessions: 3,
  },
];

/** GET /api/goal-bank as the server filters it: type, and search in the name or description. */
function bankAnswer({ query }: RouteRequest) {
  const type = query.get('type');
  const search = (query.get('search') ?? '').toLowerCase();
  return jsonResponse(
    200,
    bank.filter((t) => (!type || t.type === type) && (!search || `${t.name} ${t.description}`.toLowerCase().includes(search))),
  );
}

type Route = (request: RouteRequest) => Response;

function openDialog({ editing, user = testUser, routes = {} }: { editing?: Goal; user?: CurrentUser; routes?: Record<string, Route> } = {}) {
  const requests: { key: string; search: string; body: unknown }[] = [];
  const record = (key: string, route: Route): Route => (request) => {
    requests.push({ key, search: request.url.search, body: request.body });
    return route(request);
  };
  mockRoutes({
    'GET /api/user': () => jsonResponse(200, user),
    'GET /api/goal-bank': record('GET /api/goal-bank', bankAnswer),
    [`GET /api/clients/${clientId}`]: record('GET client', () => jsonResponse(200, client)),
    ...Object.fromEntries(Object.entries(routes).map(([key, route]) => [key, record(key, route)])),
  });
  const onClose = vi.fn();
  const { container } = renderWithProviders(<GoalFormDialog open clientId={clientId} goal={editing} title={editing ? 'Edit Goal' : 'Add Goal for Maya R.'} onClose={onClose} />);
  /**
   * The goal dialog, once open: its modal layer has hidden the page behind it (it does so a frame
   * after opening; a dialog opened from it before then would be hidden with the page).
   */
  const goalDialog = async (name: string) => {
    const dialog = await dialogNamed(name);
    await waitFor(() => expect(container.getAttribute('aria-hidden')).toBe('true'));
    return dialog;
  };
  return { requests, onClose, goalDialog };
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

/** The CSS rules Emotion wrote for the element's classes (happy-dom ignores Chakra's layered styles). */
function declarationsOf(element: Element): string {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return [...element.classList].flatMap((name) => [...css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g'))].map((m) => m[1])).join(';');
}
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('the goal dialog', () => {
  it('sends the structured criterion and the baseline with a new goal', async () => {
    const { requests, onClose, goalDialog } = openDialog({ routes: { 'POST /api/goals': () => jsonResponse(201, goal) } });
    const dialog = await goalDialog('Add Goal for Maya R.');
    type(within(dialog).getByLabelText(/Goal Name/), 'Final /s/');
    type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Maya will say final /s/.');
    type(within(dialog).getByLabelText(/Target Criteria/), '80% over 3 sessions');
    type(within(dialog).getByLabelText('Criterion accuracy (%)'), '80');
    type(within(dialog).getByLabelText('Consecutive sessions'), '3');
    const cue = within(dialog).getByRole('combobox', { name: 'Highest cue level counted' });
    expect(within(cue).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any cue level', 'Independent', 'Gestural', 'Visual', 'Verbal', 'Model', 'Physical']);
    fireEvent.change(cue, { target: { value: 'verbal' } });
    type(within(dialog).getByLabelText('Baseline accuracy (%)'), '35');
    type(within(dialog).getByLabelText('Baseline date'), '2026-02-02');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.key === 'POST /api/goals')?.body).toEqual({
      clientId,
      name: 'Final /s/',
      type: 'articulation',
      description: '<p>Maya will say final /s/.</p>',
      targetCriteria: '80% over 3 sessions',
      baseline: { accuracy: 35, date: '2026-02-02' },
      criterionAccuracy: 80,
      criterionSessions: 3,
      criterionMaxCue: 'verbal',
    });
  });

  it("shows the contract's messages for a half criterion and a half baseline, and sends nothing", async () => {
    const { requests, goalDialog } = openDialog({ routes: { 'POST /api/goals': () => jsonResponse(201, goal) } });
    const dialog = await goalDialog('Add Goal for Maya R.');
    type(within(dialog).getByLabelText(/Goal Name/), 'Final /s/');
    type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Say /s/.');
    type(within(dialog).getByLabelText(/Target Criteria/), '80%');
    type(within(dialog).getByLabelText('Criterion accuracy (%)'), '80');
    type(within(dialog).getByLabelText('Baseline accuracy (%)'), '140');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await within(dialog).findByText(CRITERION_BOTH)).toBeTruthy();
    expect(within(dialog).getByText('Baseline accuracy must be at most 100')).toBeTruthy();
    expect(within(dialog).getByText('Must be a date (yyyy-MM-dd)')).toBeTruthy();
    // Typing the missing number clears the pair's message.
    type(within(dialog).getByLabelText('Consecutive sessions'), '3');
    expect(within(dialog).queryByText(CRITERION_BOTH)).toBeNull();
    expect(requests.some((r) => r.key === 'POST /api/goals')).toBe(false);
  });

  it("edits a goal's criterion and baseline, and clears them when emptied (a full edit)", async () => {
    const { requests, onClose, goalDialog } = openDialog({ editing: goal, routes: { [`PUT /api/goals/${goal.id}`]: () => jsonResponse(200, goal) } });
    const dialog = await goalDialog('Edit Goal');
    expect((within(dialog).getByLabelText('Criterion accuracy (%)') as HTMLInputElement).value).toBe('80');
    expect((within(dialog).getByLabelText('Consecutive sessions') as HTMLInputElement).value).toBe('3');
    expect((within(dialog).getByRole('combobox', { name: 'Highest cue level counted' }) as HTMLSelectElement).value).toBe('verbal');
    expect((within(dialog).getByLabelText('Baseline accuracy (%)') as HTMLInputElement).value).toBe('35');
    expect((within(dialog).getByLabelText('Baseline date') as HTMLInputElement).value).toBe('2026-02-02');
    // Editing offers "Save as template", not a new start from the bank.
    expect(within(dialog).queryByRole('button', { name: 'Start from the goal bank' })).toBeNull();
    for (const label of ['Criterion accuracy (%)', 'Consecutive sessions', 'Baseline accuracy (%)', 'Baseline date']) type(within(dialog).getByLabelText(label), '');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Highest cue level counted' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Goal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.key === `PUT /api/goals/${goal.id}`)?.body).toEqual({
      name: 'Final /s/',
      type: 'articulation',
      description: '<p>Maya will say final /s/.</p>',
      targetCriteria: '80% over 3 sessions',
    });
  });

  it("starts from the goal bank: search and type filter, labelled sources, the client's first name for [student], the blanks left listed", async () => {
    const { requests, onClose, goalDialog } = openDialog({ routes: { 'POST /api/goals': () => jsonResponse(201, goal) } });
    const dialog = await goalDialog('Add Goal for Maya R.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start from the goal bank' }));
    const picker = await dialogNamed('Goal bank');
    const list = await within(picker).findByRole('list', { name: 'Goal templates' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Your account’s template')).toBeTruthy();
    expect(within(list).getAllByText('Caseload template')).toHaveLength(2);

    fireEvent.change(within(picker).getByRole('combobox', { name: 'Goal type' }), { target: { value: 'fluency' } });
    await waitFor(() => expect(within(picker).queryByRole('heading', { name: 'Target sound in words' })).toBeNull());
    expect(within(picker).getByRole('heading', { name: 'Easy onsets' })).toBeTruthy();
    fireEvent.change(within(picker).getByRole('combobox', { name: 'Goal type' }), { target: { value: '' } });
    type(within(picker).getByRole('searchbox', { name: 'Search' }), 'PICTURE');
    await waitFor(() => expect(within(picker).getAllByRole('listitem')).toHaveLength(1));
    expect(requests.filter((r) => r.key === 'GET /api/goal-bank').map((r) => r.search)).toEqual(['', '?type=fluency', '?search=PICTURE']);

    fireEvent.click(within(picker).getByRole('button', { name: 'Use template Target sound in words' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Goal bank' })).toBeNull());
    expect((within(dialog).getByLabelText(/Goal Name/) as HTMLInputElement).value).toBe('Target sound in words');
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
        '<p>During a picture-naming task, Maya will produce [sound] in the [position] position of words with [accuracy]% accuracy given [cue level] cues.</p>',
      ),
    );
    expect((within(dialog).getByLabelText(/Target Criteria/) as HTMLInputElement).value).toBe('80% accuracy across 3 consecutive sessions, with no more than visual cues');
    expect((within(dialog).getByLabelText('Criterion accuracy (%)') as HTMLInputElement).value).toBe('80');
    expect((within(dialog).getByLabelText('Consecutive sessions') as HTMLInputElement).value).toBe('3');
    expect((within(dialog).getByRole('combobox', { name: 'Highest cue level counted' }) as HTMLSelectElement).value).toBe('visual');
    const hint = within(dialog).getByText('Fill in the template’s blanks:').parentElement!;
    expect(hint.textContent).toBe('Fill in the template’s blanks:[sound], [position], [accuracy], [cue level]');

    // Saving with a blank left is refused at the first field holding one, naming the blank; nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    expect(await within(dialog).findByText('Fill in [sound] before saving')).toBeTruthy();
    expect(requests.some((r) => r.key === 'POST /api/goals')).toBe(false);

    // The hint follows the clinician's edits.
    type(within(dialog).getByRole('textbox', { name: 'Description' }), 'During a picture-naming task, Maya will produce /s/ in the final position of words with 80% accuracy given verbal cues.');
    await waitFor(() => expect(within(dialog).queryByText('Fill in the template’s blanks:')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Goal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.key === 'POST /api/goals')?.body).toMatchObject({
      name: 'Target sound in words',
      type: 'articulation',
      criterionAccuracy: 80,
      criterionSessions: 3,
      criterionMaxCue: 'visual',
    });
  });

  it("saves the goal as one of the account's templates, the client's first name written [student]", async () => {
    let saved: unknown;
    const { requests, goalDialog } = openDialog({
      editing: goal,
      routes: { 'POST /api/goal-bank': ({ body }) => ((saved = body), jsonResponse(201, { ...bank[0], ...(body as object), id: ownTemplateId, source: 'account' })) },
    });
    const dialog = await goalDialog('Edit Goal');
    // Offered once the signed-in user's permissions are known.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save as template' }));
    const save = await dialogNamed('Save as template');
    expect((within(save).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('[student] will say final /s/.');
    type(within(save).getByLabelText(/Template name/), 'Final /s/ in words');
    fireEvent.click(within(save).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('The template is in your account’s goal bank.')).toBeTruthy();
    expect(saved).toEqual({
      name: 'Final /s/ in words',
      type: 'articulation',
      description: '[student] will say final /s/.',
      targetCriteria: '80% over 3 sessions',
      criterionAccuracy: 80,
      criterionSessions: 3,
      criterionMaxCue: 'verbal',
    });
    // The goal itself was not saved.
    expect(requests.some((r) => r.key.startsWith('PUT'))).toBe(false);
  });

  it('shows why a template cannot be saved from a half-filled criterion', async () => {
    const { requests, goalDialog } = openDialog({ routes: { 'POST /api/goal-bank': () => jsonResponse(201, bank[0]) } });
    const dialog = await goalDialog('Add Goal for Maya R.');
    type(within(dialog).getByLabelText(/Goal Name/), 'Final /s/');
    type(within(dialog).getByLabelText(/Target Criteria/), '80%');
    type(within(dialog).getByLabelText('Criterion accuracy (%)'), '80');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    const save = await dialogNamed('Save as template');
    fireEvent.click(within(save).getByRole('button', { name: 'Save template' }));
    const alert = await within(save).findByRole('alert');
    expect(within(alert).getByText(CRITERION_BOTH)).toBeTruthy();
    expect(within(save).getByText('Description is required')).toBeTruthy();
    expect(requests.some((r) => r.key === 'POST /api/goal-bank')).toBe(false);
  });

  it('stacks the criterion and baseline fields in one column on a 390 px phone, side by side from the sm breakpoint', async () => {
    const { goalDialog } = openDialog();
    const dialog = await goalDialog('Add Goal for Maya R.');
    const gridOf = (label: string) => within(dialog).getByLabelText(label).closest('.chakra-field__root')!.parentElement!;
    const criterion = declarationsOf(gridOf('Criterion accuracy (%)'));
    expect(criterion).toContain('grid-template-columns:repeat(1, minmax(0, 1fr))');
    expect(criterion).toContain('grid-template-columns:repeat(3, minmax(0, 1fr))');
    expect(gridOf('Highest cue level counted')).toBe(gridOf('Criterion accuracy (%)'));
    const baseline = declarationsOf(gridOf('Baseline date'));
    expect(baseline).toContain('grid-template-columns:repeat(1, minmax(0, 1fr))');
    expect(baseline).toContain('grid-template-columns:repeat(2, minmax(0, 1fr))');
  });

  it('offers neither saving templates nor deleting them to a user without canManageGoals', async () => {
    const { goalDialog } = openDialog({ user: { ...testUser, userType: 'child', permissions: { ...testUser.permissions, canManageGoals: false } } });
    const dialog = await goalDialog('Add Goal for Maya R.');
    await screen.findByRole('button', { name: 'Start from the goal bank' });
    expect(within(dialog).queryByRole('button', { name: 'Save as template' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start from the goal bank' }));
    const picker = await dialogNamed('Goal bank');
    await within(picker).findByRole('heading', { name: 'District /r/ goal' });
    expect(within(picker).queryByRole('button', { name: /^Delete template/ })).toBeNull();
  });
});
