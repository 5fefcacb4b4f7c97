import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Client, Clinician, Organization } from '@caseload/contract/caseload';
import { scopeStorageKey } from '../../../lib/caseload-scope.ts';
import { jsonResponse, pending, testUser } from '../../../test/fetch.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { toaster } from '../../../lib/toaster.ts';
import { renderApp } from '../../../test/render.tsx';
import { clientsAnswer, mockRoutes, type RouteRequest } from '../../../test/server.ts';
import { lastInitialInput } from '../lib/client-form.ts';

const owner: CurrentUser = { ...testUser, userType: 'owner' };
const at = '2026-03-02T10:00:00.000Z';
const stats = { activeClients: 0, sessionsThisMonth: 0, activeGoals: 0 };
const lincoln: Organization = { id: '11111111-1111-4111-8111-111111111111', name: 'Lincoln Elementary', type: 'school', createdAt: at, updatedAt: at, stats };
const oak: Organization = { id: '22222222-2222-4222-8222-222222222222', name: 'Oak Clinic', type: 'clinic', createdAt: at, updatedAt: at, stats };

const client = (over: Partial<Client> & Pick<Client, 'id' | 'firstName' | 'lastInitial'>): Client => ({
  status: 'active',
  icd10Codes: [],
  medicaidEligible: false,
  clinicianIds: [testUser.id],
  createdAt: at,
  updatedAt: at,
  ...over,
});
const emma = client({ id: 'aaaaaaaa-0000-4000-8000-000000000001', firstName: 'Emma', lastInitial: 'S', organizationId: lincoln.id, gradeLevel: '2', diagnosis: 'Articulation disorder', sessionFrequency: 2 });
const liam = client({ id: 'bbbbbbbb-0000-4000-8000-000000000002', firstName: 'Liam', lastInitial: 'T', organizationId: oak.id, gradeLevel: '11', diagnosis: 'Stuttering', status: 'inactive' });
const noah = client({ id: 'cccccccc-0000-4000-8000-000000000003', firstName: 'Noah', lastInitial: 'B', gradeLevel: 'PreK' });

type Handler = (request: RouteRequest) => Response;

const me: Clinician = { id: testUser.id, firstName: 'Jane', lastName: 'Doe', role: 'slp' };
const sam: Clinician = { id: '33333333-3333-4333-8333-333333333333', firstName: 'Sam', lastName: 'Rivera', role: 'slp' };

// The toaster's store outlives a test; a toast left in it would queue the next one (max 1).
afterEach(() => {
  toaster.remove();
  localStorage.clear();
});

/** /clients (or `path`) for `user`, with `clients` served like the server does; `routes` answers other 'METHOD /path' calls. */
async function openClients(user: CurrentUser, clients: Client[], routes: Record<string, Handler> = {}, path = '/clients') {
  const fetchMock = mockRoutes({
    'GET /api/user': () => jsonResponse(200, user),
    'GET /api/clients': ({ query }) => clientsAnswer(query, clients, user.id),
    'GET /api/organizations': () => jsonResponse(200, [lincoln, oak]),
    'GET /api/clinicians': () => jsonResponse(200, [me, sam]),
    ...routes,
  });
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Client Management' });
  return fetchMock;
}

/** The query strings of the client list requests sent so far (the 'has clients assigned' probe aside). */
const listRequests = (fetchMock: ReturnType<typeof mockRoutes>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://app.test'))
    .filter((url) => url.pathname === '/api/clients' && url.searchParams.get('limit') !== '1')
    .map((url) => Object.fromEntries(url.searchParams));

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

describe('Add New Client dialog', () => {
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
      'POST /api/clients': ({ body }) => {
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
    expect(sent).toEqual({ firstName: 'Ava', lastInitial: 'M', organizationId: oak.id, gradeLevel: 'K', status: 'active', clinicianIds: [testUser.id], icd10Codes: [], medicaidEligible: false, homeLanguage: 'en' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toEqual(['Ava M.ID: dddddddd']);

    const again = await openAddDialog();
    expect((within(again).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText(/Sessions per Week/) as HTMLInputElement).value).toBe('1');
  });

  it('adds a client from the district roster: search by name, school and grade, choose, and send the entry', async () => {
    let sent: unknown;
    const rosterQueries: Record<string, string>[] = [];
    const marisol = { id: 'eeeeeeee-0000-4000-8000-000000000005', firstName: 'Marisol', lastInitial: 'Q', gradeLevel: '2', organizationId: lincoln.id };
    const taken = { id: 'ffffffff-0000-4000-8000-000000000006', firstName: 'Mark', lastInitial: 'P', organizationId: lincoln.id, clientId: emma.id };
    await openClients(owner, [], {
      'GET /api/roster': ({ query }) => {
        rosterQueries.push(Object.fromEntries(query));
        return jsonResponse(200, { items: [marisol, taken] });
      },
      'POST /api/clients': ({ body }) => {
        sent = body;
        return jsonResponse(201, client({ id: 'dddddddd-0000-4000-8000-000000000009', firstName: 'Marisol', lastInitial: 'Q', organizationId: lincoln.id }));
      },
    });
    const add = await openAddDialog();
    fireEvent.click(within(add).getByRole('button', { name: 'From the district roster' }));
    const picker = await within(add).findByRole('region', { name: 'From the district roster' });
    fireEvent.change(within(picker).getByLabelText('Student name'), { target: { value: 'Mar' } });
    fireEvent.change(within(picker).getByLabelText('School'), { target: { value: lincoln.id } });
    fireEvent.change(within(picker).getByLabelText('Grade'), { target: { value: '2' } });
    await waitFor(() => expect(rosterQueries.at(-1)).toEqual({ limit: '25', search: 'Mar', organizationId: lincoln.id, gradeLevel: '2' }));
    expect(await within(picker).findByText('Already a client')).toBeTruthy();
    fireEvent.click(within(picker).getByRole('button', { name: 'Choose Marisol Q.' }));
    expect((within(add).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Marisol');
    expect(within(add).getByText('From the district roster: Marisol Q.')).toBeTruthy();
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Client added')).toBeTruthy();
    expect(sent).toMatchObject({ rosterEntryId: marisol.id, firstName: 'Marisol', lastInitial: 'Q', organizationId: lincoln.id, gradeLevel: '2' });
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

/** Ticks the Medicaid checkbox and waits for the render (Ark reports the change on the next tick; its control's data-state follows the form). */
async function toggleMedicaid(scope: HTMLElement, expected: 'checked' | 'unchecked') {
  fireEvent.click(within(scope).getByRole('checkbox', { name: 'Medicaid eligible' }));
  await waitFor(() => expect(within(scope).getByRole('checkbox', { name: 'Medicaid eligible' }).closest('[data-state]')?.getAttribute('data-state')).toBe(expected));
}

describe('ICD-10 codes and Medicaid eligibility', () => {
  it("shows the contract's message on the ICD-10 field and sends nothing, then sends the codes as a list", async () => {
    let sent: unknown;
    const fetchMock = await openClients(owner, [], {
      'POST /api/clients': ({ body }) => {
        sent = body;
        return jsonResponse(201, client({ id: 'dddddddd-0000-4000-8000-000000000004', firstName: 'Ava', lastInitial: 'M' }));
      },
    });
    const add = await openAddDialog();
    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: 'Ava' } });
    fireEvent.change(within(add).getByLabelText(/Last Initial/), { target: { value: 'M' } });
    const codes = within(add).getByLabelText('ICD-10 codes');
    fireEvent.change(codes, { target: { value: 'F80.0, 80.1' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText('Enter a valid ICD-10 code')).toBeTruthy();
    expect(codes.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // Typing clears the message; commas, spaces and lower case are all accepted.
    fireEvent.change(codes, { target: { value: 'f80.0,  F80.89 r47.1' } });
    expect(within(add).queryByText('Enter a valid ICD-10 code')).toBeNull();
    await toggleMedicaid(add, 'checked');
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Client added')).toBeTruthy();
    expect(sent).toMatchObject({ icd10Codes: ['F80.0', 'F80.89', 'R47.1'], medicaidEligible: true });
  });

  it('refuses a sixth code', async () => {
    await openClients(owner, []);
    const add = await openAddDialog();
    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: 'Ava' } });
    fireEvent.change(within(add).getByLabelText(/Last Initial/), { target: { value: 'M' } });
    fireEvent.change(within(add).getByLabelText('ICD-10 codes'), { target: { value: 'F80.0 F80.1 F80.2 F80.4 F80.81 F80.89' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText('At most 5 ICD-10 codes')).toBeTruthy();
  });

  it("shows the server's message for one code on the whole field", async () => {
    await openClients(owner, [], {
      'POST /api/clients': () => jsonResponse(400, { message: 'Invalid input', errors: [{ path: 'icd10Codes.1', message: 'Enter a valid ICD-10 code' }] }),
    });
    const add = await openAddDialog();
    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: 'Ava' } });
    fireEvent.change(within(add).getByLabelText(/Last Initial/), { target: { value: 'M' } });
    fireEvent.change(within(add).getByLabelText('ICD-10 codes'), { target: { value: 'F80.0 F80.1' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText('Enter a valid ICD-10 code')).toBeTruthy();
  });

  it('shows the stored codes and eligibility in the edit form and sends them back changed', async () => {
    const eligible = { ...emma, icd10Codes: ['F80.0', 'F80.89'], medicaidEligible: true };
    let sent: unknown;
    await openClients(owner, [eligible], {
      [`PUT /api/clients/${emma.id}`]: ({ body }) => {
        sent = body;
        return jsonResponse(200, { ...eligible, medicaidEligible: false, icd10Codes: ['F80.0'] });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Emma S.' }));
    const edit = await dialog();
    const codes = within(edit).getByLabelText('ICD-10 codes') as HTMLInputElement;
    expect(codes.value).toBe('F80.0, F80.89');
    const medicaid = within(edit).getByRole('checkbox', { name: 'Medicaid eligible' }) as HTMLInputElement;
    expect(medicaid.checked).toBe(true);

    await toggleMedicaid(edit, 'unchecked');
    fireEvent.change(codes, { target: { value: 'F80.0' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Client updated')).toBeTruthy();
    expect(sent).toMatchObject({ icd10Codes: ['F80.0'], medicaidEligible: false });
  });

  it("shows them in the client page's basics", async () => {
    const eligible = { ...emma, icd10Codes: ['F80.0', 'F80.89'], medicaidEligible: true };
    mockRoutes({
      'GET /api/user': () => jsonResponse(200, owner),
      [`GET /api/clients/${emma.id}`]: () => jsonResponse(200, eligible),
      'GET /api/organizations': () => jsonResponse(200, [lincoln, oak]),
      // The page's other sections keep loading: this test is about the basics.
      'GET /api/account': pending,
      [`GET /api/clients/${emma.id}/ieps`]: pending,
      [`GET /api/clients/${emma.id}/makeups`]: pending,
      [`GET /api/clients/${emma.id}/service-minutes`]: pending,
      'GET /api/goals': pending,
      'GET /api/progress': pending,
    });
    renderApp(`/clients/${emma.id}`);
    const details = await screen.findByRole('region', { name: 'Client details' });
    const fact = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(await within(details).findByText('F80.0, F80.89')).toBeTruthy();
    expect(fact('ICD-10 codes')).toBe('F80.0, F80.89');
    expect(fact('Medicaid eligible')).toBe('Yes');
  });
});

describe('client list and filters', () => {
  it('shows the columns, and asks the server to filter by name, organization, grade and status', async () => {
    const fetchMock = await openClients(owner, [liam, emma, noah]);
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
    fireEvent.change(search, { target: { value: 'emma s' } });
    await waitFor(() => expect(rows()).toEqual(['Emma S.ID: aaaaaaaa']));
    expect(screen.getByText('1 matching client')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: oak.id } });
    await waitFor(() => expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']));
    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: 'all' } });

    fireEvent.change(grade, { target: { value: 'PreK' } });
    await waitFor(() => expect(rows()).toEqual(['Noah B.ID: cccccccc']));
    fireEvent.change(grade, { target: { value: 'all' } });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    await waitFor(() => expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']));
    expect(listRequests(fetchMock).at(-1)).toEqual({ assignedTo: 'me', status: 'inactive', limit: '50' });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No clients found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search criteria')).toBeTruthy();
  });

  it('sends one request for a name typed quickly, and keeps every keystroke', async () => {
    const fetchMock = await openClients(owner, [liam, emma, noah]);
    await screen.findByText('3 clients');
    const before = listRequests(fetchMock).length;
    const search = screen.getByLabelText('Search') as HTMLInputElement;
    for (const typed of ['E', 'Em', 'Emm', 'Emma']) fireEvent.change(search, { target: { value: typed } });
    expect(search.value).toBe('Emma');
    await waitFor(() => expect(rows()).toEqual(['Emma S.ID: aaaaaaaa']));
    expect(listRequests(fetchMock).slice(before)).toEqual([{ assignedTo: 'me', search: 'Emma', limit: '50' }]);
    expect(screen.getByTestId('location-search').textContent).toBe('?search=Emma');
  });

  it('keeps the filters in the URL, so a remount (a reload, a shared link) opens the same list', async () => {
    const link = `/clients?assignedTo=all&status=inactive&gradeLevel=11&search=Li`;
    const fetchMock = await openClients(owner, [liam, emma, noah], {}, link);
    await waitFor(() => expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Li');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('inactive');
    expect((screen.getByLabelText('Grade') as HTMLSelectElement).value).toBe('11');
    expect(screen.getByRole('button', { name: 'All clients', pressed: true })).toBeTruthy();
    expect(listRequests(fetchMock)).toEqual([{ assignedTo: 'all', status: 'inactive', gradeLevel: '11', search: 'Li', limit: '50' }]);
    // The URL answered who: no need to ask whether the user has clients assigned.
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('limit=1'))).toBe(false);
  });

  it('writes chosen filters to the URL, and a remount at that URL restores them', async () => {
    await openClients(owner, [liam, emma, noah]);
    await screen.findByText('3 clients');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: oak.id } });
    await waitFor(() => expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']));
    const search = screen.getByTestId('location-search').textContent!;
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ status: 'inactive', organizationId: oak.id });
    // A reload: the page mounts afresh with nothing but the URL (and the cache emptied).
    cleanup();
    queryClient.clear();
    await openClients(owner, [liam, emma, noah], {}, `/clients${search}`);
    await waitFor(() => expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('inactive');
    expect((screen.getByLabelText('Organization') as HTMLSelectElement).value).toBe(oak.id);
  });

  it('reads the list 50 clients at a time from the server, the next page with the cursor', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      client({ id: `dddddddd-0000-4000-8000-${String(i).padStart(12, '0')}`, firstName: `Kid${String(i).padStart(3, '0')}`, lastInitial: 'K' }),
    );
    const fetchMock = await openClients(owner, many);
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows()[0]).toContain('Kid000 K.');
    expect(screen.getByText('More than 50 clients')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Client list pages' });
    expect(within(pager).getByText('Showing 1–50')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows()[0]).toContain('Kid050 K.'));
    expect(listRequests(fetchMock).at(-1)).toEqual({ assignedTo: 'me', limit: '50', cursor: '50' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(rows()[0]).toContain('Kid100 K.');
    expect(within(pager).getByText('Showing 101–120 of 120')).toBeTruthy();
    expect(screen.getByText('120 clients')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    // Back is already loaded: no request.
    const sent = listRequests(fetchMock).length;
    fireEvent.click(within(pager).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rows()[0]).toContain('Kid050 K.'));
    expect(listRequests(fetchMock)).toHaveLength(sent);

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Kid1' } });
    await waitFor(() => expect(rows()[0]).toContain('Kid100 K.'));
    expect(rows()).toHaveLength(20);
    expect(screen.queryByRole('navigation', { name: 'Client list pages' })).toBeNull();
  });

  it('says how to start when there are no clients at all', async () => {
    await openClients(owner, []);
    expect(await screen.findByText('No clients found')).toBeTruthy();
    expect(screen.getByText('Get started by adding your first client')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All clients', pressed: true })).toBeTruthy();
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
    // Titled for what it is: details to read, not an edit.
    expect(screen.getByRole('dialog', { name: 'Client details - Emma S.' })).toBe(edit);
    expect(within(edit).queryByText(/Edit Client/)).toBeNull();
    expect((within(edit).getByLabelText(/First Name/) as HTMLInputElement).disabled).toBe(true);
    expect(within(edit).queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });
});

describe('My caseload / All clients', () => {
  const others = { ...liam, clinicianIds: [sam.id] };

  it('opens on My caseload for a user with clients assigned, and remembers a switch to All clients', async () => {
    const fetchMock = await openClients(owner, [emma, others, noah]);
    await waitFor(() => expect(rows()).toEqual(['Emma S.ID: aaaaaaaa', 'Noah B.ID: cccccccc']));
    expect(screen.getByRole('button', { name: 'My caseload', pressed: true })).toBeTruthy();
    expect(listRequests(fetchMock)).toEqual([{ assignedTo: 'me', limit: '50' }]);

    fireEvent.click(screen.getByRole('button', { name: 'All clients' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'All clients', pressed: true })).toBeTruthy();
    expect(localStorage.getItem(scopeStorageKey(owner.id))).toBe('all');
    expect(screen.getByTestId('location-search').textContent).toBe('?assignedTo=all');
  });

  it('opens on the remembered choice, and a link’s choice wins over it', async () => {
    localStorage.setItem(scopeStorageKey(owner.id), 'all');
    const fetchMock = await openClients(owner, [emma, others, noah]);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'All clients', pressed: true })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('limit=1'))).toBe(false);
  });

  it('lets the URL win over the remembered choice', async () => {
    localStorage.setItem(scopeStorageKey(owner.id), 'all');
    await openClients(owner, [emma, others, noah], {}, '/clients?assignedTo=me');
    await waitFor(() => expect(rows()).toEqual(['Emma S.ID: aaaaaaaa', 'Noah B.ID: cccccccc']));
    expect(screen.getByRole('button', { name: 'My caseload', pressed: true })).toBeTruthy();
    // Following a link is not a choice: the remembered one stays.
    expect(localStorage.getItem(scopeStorageKey(owner.id))).toBe('all');
  });

  it('opens on All clients for a user with none assigned, and says so on My caseload', async () => {
    await openClients(owner, [others]);
    await waitFor(() => expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']));
    expect(screen.getByRole('button', { name: 'All clients', pressed: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'My caseload' }));
    expect(await screen.findByText('No clients are assigned to you yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all clients' }));
    await waitFor(() => expect(rows()).toEqual(['Liam T.ID: bbbbbbbb']));
  });
});

describe('Clinicians multi-select', () => {
  it('offers the users who may see the organization, starts with the current user, and sends the choice', async () => {
    let sent: unknown;
    const fetchMock = await openClients(owner, [], {
      'GET /api/clinicians': ({ query }) => jsonResponse(200, query.get('organizationId') === oak.id ? [me] : [me, sam]),
      'POST /api/clients': ({ body }) => {
        sent = body;
        return jsonResponse(201, client({ id: 'dddddddd-0000-4000-8000-000000000004', firstName: 'Ava', lastInitial: 'M', clinicianIds: [testUser.id, sam.id] }));
      },
    });
    const add = await openAddDialog();
    const clinicians = within(add).getByRole('group', { name: /Clinicians/ });
    const mine = await within(clinicians).findByRole('checkbox', { name: 'Jane Doe (you)' });
    expect((mine as HTMLInputElement).checked).toBe(true);
    expect(within(clinicians).getByText('(1 selected)')).toBeTruthy();

    // The search inside narrows the list; a tick adds a removable tag.
    fireEvent.change(within(clinicians).getByLabelText('Search clinicians'), { target: { value: 'riv' } });
    await waitFor(() => expect(within(clinicians).queryByRole('checkbox', { name: 'Jane Doe (you)' })).toBeNull());
    fireEvent.click(within(clinicians).getByRole('checkbox', { name: 'Sam Rivera' }));
    expect(await within(clinicians).findByRole('button', { name: 'Remove Sam Rivera' })).toBeTruthy();

    // An organization Sam cannot see: he stays chosen, marked, until removed or the organization changes back.
    fireEvent.change(within(add).getByLabelText('Organization'), { target: { value: oak.id } });
    expect(await within(clinicians).findByText('Cannot see this organization')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === `/api/clinicians?organizationId=${oak.id}`)).toBe(true);
    fireEvent.change(within(add).getByLabelText('Organization'), { target: { value: 'none' } });
    await waitFor(() => expect(within(clinicians).queryByText('Cannot see this organization')).toBeNull());

    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: 'Ava' } });
    fireEvent.change(within(add).getByLabelText(/Last Initial/), { target: { value: 'M' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Client added')).toBeTruthy();
    expect(sent).toMatchObject({ firstName: 'Ava', lastInitial: 'M', clinicianIds: [testUser.id, sam.id] });
  });

  it('shows the server’s message on the field', async () => {
    await openClients(owner, [], {
      'POST /api/clients': () =>
        jsonResponse(400, { message: 'Invalid input', errors: [{ path: 'clinicianIds', message: "Choose an active clinician who can see this client's organization" }] }),
    });
    const add = await openAddDialog();
    fireEvent.change(within(add).getByLabelText(/First Name/), { target: { value: 'Ava' } });
    fireEvent.change(within(add).getByLabelText(/Last Initial/), { target: { value: 'M' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add Client' }));
    expect(await within(add).findByText("Choose an active clinician who can see this client's organization")).toBeTruthy();
  });
});

describe('Edit Client and archive', () => {
  it('saves the edit with the spec’s toasts', async () => {
    const answers = [jsonResponse(500, { message: 'boom' })];
    let sent: unknown;
    const list = [emma];
    await openClients(owner, list, {
      [`PUT /api/clients/${emma.id}`]: ({ body }) => {
        sent = body;
        const failure = answers.shift();
        if (failure) return failure;
        list[0] = { ...emma, firstName: 'Emily' };
        return jsonResponse(200, list[0]);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Emma S.' }));
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
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Client archived')).toBeTruthy();
    expect(await screen.findByText('No clients found')).toBeTruthy();
  });
});

/** happy-dom answers matchMedia from its viewport; resizing it fires the query's change event. */
const setViewportWidth = (width: number) => (window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }).happyDOM.setViewport({ width });

describe('phone width', () => {
  afterEach(() => setViewportWidth(1024));

  it('lists a card per client with its four actions below 600 px, switching when the window narrows', async () => {
    await openClients(owner, [emma, liam]);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryAllByTestId('client-card')).toEqual([]);

    // A narrowed window (a phone in portrait) gets the cards without a reload.
    act(() => setViewportWidth(390));
    const cards = await screen.findAllByTestId('client-card');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual(['Emma S.', 'Liam T.']);
    const emmaCard = cards[0]!;
    for (const action of ['View Emma S.', 'Edit Emma S.', 'Generate progress note for Emma S.', 'Archive Emma S.']) {
      expect(within(emmaCard).getByRole('button', { name: action })).toBeTruthy();
    }
    expect(within(emmaCard).getByText('Lincoln Elementary · 2nd Grade · 2 times per week')).toBeTruthy();
    expect(within(emmaCard).getByText('Active')).toBeTruthy();
  });

  it('archives from a card', async () => {
    setViewportWidth(390);
    await openClients(owner, [emma]);
    const [card] = await screen.findAllByTestId('client-card');
    fireEvent.click(within(card!).getByRole('button', { name: 'Archive Emma S.' }));
    expect(within(await screen.findByRole('alertdialog')).getByText(/Archive Emma S\.\?/)).toBeTruthy();
  });
});
