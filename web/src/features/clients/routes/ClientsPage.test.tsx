import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Client, Organization } from '@caseload/contract/caseload';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { toaster } from '../../../lib/toaster.ts';
import { renderApp } from '../../../test/render.tsx';
import { lastInitialInput } from '../lib/client-form.ts';

const owner: CurrentUser = { ...testUser, userType: 'owner' };
const at = '2026-03-02T10:00:00.000Z';
const stats = { activeClients: 0, sessionsThisMonth: 0, activeGoals: 0 };
const lincoln: Organization = { id: '11111111-1111-4111-8111-111111111111', name: 'Lincoln Elementary', type: 'school', createdAt: at, updatedAt: at, stats };
const oak: Organization = { id: '22222222-2222-4222-8222-222222222222', name: 'Oak Clinic', type: 'clinic', createdAt: at, updatedAt: at, stats };

const client = (over: Partial<Client> & Pick<Client, 'id' | 'firstName' | 'lastInitial'>): Client => ({
  status: 'active',
  createdAt: at,
  updatedAt: at,
  ...over,
});
const emma = client({ id: 'aaaaaaaa-0000-4000-8000-000000000001', firstName: 'Emma', lastInitial: 'S', organizationId: lincoln.id, gradeLevel: '2', diagnosis: 'Articulation disorder', sessionFrequency: 2 });
const liam = client({ id: 'bbbbbbbb-0000-4000-8000-000000000002', firstName: 'Liam', lastInitial: 'T', organizationId: oak.id, gradeLevel: '11', diagnosis: 'Stuttering', status: 'inactive' });
const noah = client({ id: 'cccccccc-0000-4000-8000-000000000003', firstName: 'Noah', lastInitial: 'B', gradeLevel: 'PreK' });

type Handler = (body: unknown) => Response;

// The toaster's store outlives a test; a toast left in it would queue the next one (max 1).
afterEach(() => toaster.remove());

/** /clients for `user`, with `clients` listed; `routes` answers other 'METHOD /path' calls. */
async function openClients(user: CurrentUser, clients: Client[], routes: Record<string, Handler> = {}) {
  const fetchMock = mockFetch(({ method, url, init }) => {
    const answer = routes[`${method} ${url}`];
    if (answer) return answer(init.body ? JSON.parse(String(init.body)) : undefined);
    if (method === 'GET' && url === '/api/user') return jsonResponse(200, user);
    if (method === 'GET' && url === '/api/clients') return jsonResponse(200, clients);
    if (method === 'GET' && url === '/api/organizations') return jsonResponse(200, [lincoln, oak]);
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  renderApp('/clients');
  await screen.findByRole('heading', { level: 1, name: 'Client Management' }, { timeout: 5000 });
  return fetchMock;
}

const rows = () => screen.queryAllByTestId('client-row').map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const dialog = () => screen.findByRole('dialog');

async function openAddDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));
  const add = await dialog();
  expect(within(add).getByText('Add New Client')).toBeTruthy();
  return add;
}

describe('Last Initial input', () => {
  it('keeps one character, upper-cased, and a letter whose capital is two letters as it is', () => {
    expect(lastInitialInput('s')).toBe('S');
    expect(lastInitialInput('smith')).toBe('S');
    expect(lastInitialInput(' o')).toBe('O');
    expect(lastInitialInput('é')).toBe('É');
    expect(lastInitialInput('e\u0301')).toBe('É');
    expect(lastInitialInput('ß')).toBe('ß');
    expect(lastInitialInput('')).toBe('');
  });
});

describe('Add New Client dialog', { timeout: 20_000 }, () => {
  it('shows the schema messages next to the fields and sends nothing', async () => {
    const fetchMock = await openClients(owner, []);
    const add = await openAddDialog();
    expect(within(add).getByText('Add a new client to your caseload. Only first name and last initial are stored for HIPAA compliance.')).toBeTruthy();
    expect((within(add).getByLabelText(/Sessions per Week/) as HTMLInputElement).value).toBe('1');

    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText('First name is required')).toBeTruthy();
    expect(within(add).getByText('Last initial is required')).toBeTruthy();

    const initial = within(add).getByLabelText(/Last Initial/) as HTMLInputElement;
    fireEvent.change(initial, { target: { value: '7' } });
    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: 'Ava' } });
    const frequency = within(add).getByLabelText(/Sessions per Week/);
    fireEvent.change(frequency, { target: { value: '0' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText('Last initial must be a letter')).toBeTruthy();
    expect(within(add).getByText('Must be at least 1')).toBeTruthy();

    fireEvent.change(frequency, { target: { value: '11' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText('Must be at most 10')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('upper-cases the initial, leaves out a blank frequency and closes and resets after saving', async () => {
    let sent: unknown;
    const list: Client[] = [];
    await openClients(owner, list, {
      'POST /api/clients': (body) => {
        sent = body;
        const created = client({ id: 'dddddddd-0000-4000-8000-000000000004', firstName: 'Ava', lastInitial: 'M', organizationId: oak.id });
        list.push(created);
        return jsonResponse(201, created);
      },
    });
    const add = await openAddDialog();
    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: ' Ava ' } });
    const initial = within(add).getByLabelText(/Last Initial/) as HTMLInputElement;
    fireEvent.change(initial, { target: { value: 'm' } });
    expect(initial.value).toBe('M');
    fireEvent.change(within(add).getByLabelText(/Sessions per Week/), { target: { value: '' } });
    fireEvent.change(within(add).getByLabelText('Organization'), { target: { value: oak.id } });
    fireEvent.change(within(add).getByLabelText('Grade Level'), { target: { value: 'K' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));

    expect(await screen.findByText('Client added')).toBeTruthy();
    expect(sent).toEqual({ firstName: 'Ava', lastInitial: 'M', organizationId: oak.id, gradeLevel: 'K', status: 'active' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toEqual(['Ava M.ID: dddddddd']);

    const again = await openAddDialog();
    expect((within(again).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText(/Sessions per Week/) as HTMLInputElement).value).toBe('1');
  });

  it('shows the server’s messages on the fields and keeps what was typed', async () => {
    await openClients(owner, [], {
      'POST /api/clients': () => jsonResponse(400, { message: 'Invalid input', errors: [{ path: 'lastInitial', message: 'Must be exactly one character' }] }),
    });
    const add = await openAddDialog();
    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: 'Mia' } });
    fireEvent.change(within(add).getByLabelText(/Last Initial/), { target: { value: 'k' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText('Must be exactly one character')).toBeTruthy();
    expect((within(add).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Mia');
    expect((within(add).getByLabelText(/Last Initial/) as HTMLInputElement).value).toBe('K');
  });
});

describe('client list and filters', { timeout: 20_000 }, () => {
  it('shows the columns, and filters by search, organization, grade and status', async () => {
    await openClients(owner, [liam, emma, noah]);
    expect(await screen.findByText('3 clients')).toBeTruthy();
    expect(rows()).toEqual(['Emma S.ID: aaaaaaaa', 'Liam T.ID: bbbbbbbb', 'Noah B.ID: cccccccc']);
    const emmaRow = screen.getAllByTestId('client-row')[0]!;
    expect(within(emmaRow).getByText('Lincoln Elementary')).toBeTruthy();
    expect(within(emmaRow).getByText('2nd Grade')).toBeTruthy();
    expect(within(emmaRow).getByText('2 times per week')).toBeTruthy();
    expect(within(screen.getAllByTestId('client-row')[2]!).getAllByText('—')).toHaveLength(3);

    // Every grade, not only K to 5.
    const grade = screen.getByLabelText('Grade') as HTMLSelectElement;
    expect([...grade.options].map((o) => o.text)).toEqual([
      'All Grades', 'Pre-K', 'Kindergarten', '1st Grade', '2nd Grade', '3rd Grade', '4th Grade', '5th Grade', '6th Grade',
      '7th Grade', '8th Grade', '9th Grade', '10th Grade', '11th Grade', '12th Grade',
    ]);

    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'stutter' } });
    expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']);
    expect(screen.getByText('1 of 3 clients')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'emma s' } });
    expect(rows()).toEqual(['Emma S.ID: aaaaaaaa']);
    fireEvent.change(search, { target: { value: '' } });

    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: oak.id } });
    expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']);
    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: 'all' } });

    fireEvent.change(grade, { target: { value: 'PreK' } });
    expect(rows()).toEqual(['Noah B.ID: cccccccc']);
    fireEvent.change(grade, { target: { value: '11' } });
    expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']);
    fireEvent.change(grade, { target: { value: 'all' } });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } });
    expect(screen.getByText('No clients found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search criteria')).toBeTruthy();
  });

  it('shows a long caseload 50 rows at a time, and a new search starts at the first page', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      client({ id: `dddddddd-0000-4000-8000-${String(i).padStart(12, '0')}`, firstName: `Kid${String(i).padStart(3, '0')}`, lastInitial: 'K' }),
    );
    await openClients(owner, many);
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows()[0]).toContain('Kid000 K.');
    const pager = screen.getByRole('navigation', { name: 'Client list pages' });
    expect(within(pager).getByText('Showing 1–50 of 120')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(rows()[0]).toContain('Kid100 K.');
    expect(within(pager).getByText('Showing 101–120 of 120')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Kid0' } });
    await waitFor(() => expect(rows()[0]).toContain('Kid000 K.'));
    expect(rows()).toHaveLength(50);
    expect(screen.getByText('Showing 1–50 of 100')).toBeTruthy();
  });

  it('says how to start when there are no clients at all', async () => {
    await openClients(owner, []);
    expect(await screen.findByText('No clients found')).toBeTruthy();
    expect(screen.getByText('Get started by adding your first client')).toBeTruthy();
  });

  it('hides what a child user may not do', async () => {
    const child: CurrentUser = { ...testUser, userType: 'child', permissions: { ...testUser.permissions, allowedOrganizationIds: [lincoln.id] } };
    await openClients(child, [emma]);
    await screen.findByText('1 client');
    expect(screen.queryByRole('button', { name: 'Add Client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Emma S.' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate progress note for Emma S.' })).toBeNull();

    // Without canEditClients the form is there to read, not to change.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Emma S.' }));
    const edit = await dialog();
    expect((within(edit).getByLabelText(/First Name/) as HTMLInputElement).disabled).toBe(true);
    expect(within(edit).queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });
});

describe('Edit Client and archive', { timeout: 20_000 }, () => {
  it('saves the edit with the spec’s toasts', async () => {
    const answers = [jsonResponse(500, { message: 'boom' })];
    let sent: unknown;
    const list = [emma];
    await openClients(owner, list, {
      [`PUT /api/clients/${emma.id}`]: (body) => {
        sent = body;
        const failure = answers.shift();
        if (failure) return failure;
        list[0] = { ...emma, firstName: 'Emily' };
        return jsonResponse(200, list[0]);
      },
    });
    fireEvent.click(await screen.findByText('Emma S.'));
    const edit = await dialog();
    expect(within(edit).getByRole('tab', { name: 'Client Information' })).toBeTruthy();
    expect(within(edit).getByRole('tab', { name: 'Goals & Progress' })).toBeTruthy();
    fireEvent.change(within(edit).getByLabelText(/First Name/), { target: { value: 'Emily' } });

    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText('Failed to update client information.')).toBeTruthy();
    expect((within(edit).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Emily');
    toaster.remove(); // happy-dom runs no exit animation, so the dismissed toast would hold the queue

    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Client updated')).toBeTruthy();
    expect(screen.getByText('Client information has been updated successfully.')).toBeTruthy();
    expect(sent).toMatchObject({ firstName: 'Emily', lastInitial: 'S', organizationId: lincoln.id, gradeLevel: '2', sessionFrequency: 2 });
    expect(await screen.findByText('Emily S.')).toBeTruthy();
  });

  it('archives after confirmation', async () => {
    const list = [emma];
    await openClients(owner, list, {
      [`POST /api/clients/${emma.id}/archive`]: () => {
        list.pop();
        return jsonResponse(200, { ok: true });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Emma S.' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Client archived')).toBeTruthy();
    expect(await screen.findByText('No clients found')).toBeTruthy();
  });
});
