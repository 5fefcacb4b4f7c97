import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser, Permissions } from '@caseload/contract/auth';
import { SUPERVISORS_MESSAGE, type Clinician, type ManagedUser, type Organization } from '@caseload/contract/caseload';
import { permissionDefaults } from '@caseload/contract/enums';
import { NO_SUPERVISOR } from '@caseload/contract/signatures';
import { toaster } from '../../../lib/toaster.ts';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';

const at = '2026-03-02T10:00:00.000Z';
const stats = { activeClients: 0, sessionsThisMonth: 0, activeGoals: 0 };
const lincoln: Organization = { id: '11111111-1111-4111-8111-111111111111', name: 'Lincoln Elementary', type: 'school', createdAt: at, updatedAt: at, stats };
const oak: Organization = { id: '22222222-2222-4222-8222-222222222222', name: 'Oak Clinic', type: 'clinic', createdAt: at, updatedAt: at, stats };
const allFlags = Object.fromEntries(Object.keys(permissionDefaults).map((k) => [k, true])) as Omit<Permissions, 'allowedOrganizationIds'>;
const owner: CurrentUser = { ...testUser, userType: 'owner', permissions: { ...allFlags, allowedOrganizationIds: [] } };

const alex: ManagedUser = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Alex',
  lastName: 'Aide',
  email: 'alex@school.example',
  role: 'assistant',
  userType: 'child',
  isActive: true,
  parentUserId: owner.id,
  createdAt: at,
  permissions: { ...permissionDefaults, canManageUsers: true, canEditClients: true, allowedOrganizationIds: [lincoln.id] },
};

afterEach(() => toaster.remove());

/** Ark's checkboxes and radios report a change on the next tick. */
/**
 * Ticks a checkbox or radio (found by its label in `scope`) and waits until React has rendered the
 * new value: the control's data-state follows the component's `checked` prop, while the hidden
 * input flips at the click, before any render. The control is looked up again while waiting, as a
 * render may replace it.
 */
async function tick(scope: HTMLElement, label: string) {
  const state = () => within(scope).getByLabelText(label).closest('[data-state]')?.getAttribute('data-state');
  const was = state();
  fireEvent.click(within(scope).getByLabelText(label));
  await waitFor(() => expect(state()).not.toBe(was));
}

async function openUsers(user: CurrentUser, users: ManagedUser[], routes: Record<string, (body: unknown) => Response> = {}) {
  const fetchMock = mockFetch(({ method, url, init }) => {
    const answer = routes[`${method} ${url}`];
    if (answer) return answer(init.body ? JSON.parse(String(init.body)) : undefined);
    if (method === 'GET' && url === '/api/user') return jsonResponse(200, user);
    if (method === 'GET' && url === '/api/users') return jsonResponse(200, users);
    if (method === 'GET' && url === '/api/organizations') return jsonResponse(200, [lincoln, oak]);
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  renderApp('/users');
  await screen.findByRole('heading', { level: 1, name: 'User Management' });
  return fetchMock;
}

describe('User Management', () => {
  it('tells a user without canManageUsers instead of calling the API', async () => {
    const fetchMock = await openUsers({ ...testUser, userType: 'child' }, []);
    expect(screen.getByText("You don't have permission to manage users.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/users')).toBe(false);
  });

  it('lists child users with their organizations and permissions', async () => {
    await openUsers(owner, [alex]);
    expect(await screen.findByRole('heading', { name: 'Team members (1)' })).toBeTruthy();
    const card = screen.getByTestId('user-card');
    expect(within(card).getByText('Alex Aide')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Assistant')).toBeTruthy();
    expect(card.textContent).toContain('Organizations: Lincoln Elementary');
    expect(card.textContent).toContain('Edit clients');
  });

  it('asks for the required fields, then creates the user with the defaults and the chosen organization', async () => {
    let sent: unknown;
    await openUsers(owner, [], {
      'POST /api/users': (body) => {
        sent = body;
        return jsonResponse(201, { ...alex, id: '44444444-4444-4444-8444-444444444444' });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    expect(within(dialog).getByText('First name is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'Alex' } });
    fireEvent.change(within(dialog).getByLabelText(/Last Name/), { target: { value: 'Aide' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'alex@school.example' } });
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'Assist-2026-Caseload!' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'assistant' } });
    await tick(dialog, 'Selected organizations');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    // 'Selected' with none ticked would mean all organizations: refused here.
    expect(await within(dialog).findByText('Choose at least one organization, or give access to all organizations.')).toBeTruthy();
    expect(sent).toBeUndefined();

    await tick(dialog, 'Lincoln Elementary');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created')).toBeTruthy();
    expect(sent).toEqual({
      user: { firstName: 'Alex', lastName: 'Aide', email: 'alex@school.example', password: 'Assist-2026-Caseload!', role: 'assistant' },
      permissions: { ...permissionDefaults, allowedOrganizationIds: [lincoln.id] },
    });
  });

  it('says so when creating fails', async () => {
    await openUsers(owner, [], { 'POST /api/users': () => jsonResponse(409, { message: 'An account with this email already exists' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'Alex' } });
    fireEvent.change(within(dialog).getByLabelText(/Last Name/), { target: { value: 'Aide' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'alex@school.example' } });
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'Assist-2026-Caseload!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Failed to create user')).toBeTruthy();
    expect(within(dialog).getAllByText('An account with this email already exists').length).toBeGreaterThan(0);
    expect((within(dialog).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Alex');
  });

  it('edits permissions for real, keeping canManageUsers', async () => {
    let sent: unknown;
    await openUsers(owner, [alex], {
      [`PUT /api/users/${alex.id}/permissions`]: (body) => {
        sent = body;
        return jsonResponse(200, alex);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit permissions for Alex Aide' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Edit clients') as HTMLInputElement).checked).toBe(true);
    await tick(dialog, 'Create clients');
    await tick(dialog, 'Oak Clinic');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Permissions' }));
    expect(await screen.findByText('Permissions updated')).toBeTruthy();
    expect(sent).toEqual({
      ...permissionDefaults,
      canManageUsers: true,
      canEditClients: true,
      canCreateClients: true,
      allowedOrganizationIds: [lincoln.id, oak.id],
    });
  });

  it('toggles active and reports failures', async () => {
    await openUsers(owner, [alex], { [`PATCH /api/users/${alex.id}`]: () => jsonResponse(500, {}) });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Alex Aide' }));
    expect(await screen.findByText('Failed to update user status')).toBeTruthy();
  });
});

describe("an assistant's supervising SLPs", () => {
  const slp = (id: string, firstName: string, lastName: string): Clinician => ({ id, firstName, lastName, role: 'slp' });
  const sam = slp('55555555-5555-4555-8555-555555555555', 'Sam', 'Lee');
  const tia = slp('66666666-6666-4666-8666-666666666666', 'Tia', 'Ray');
  const uma = slp('77777777-7777-4777-8777-777777777777', 'Uma', 'Cole');
  const vic = slp('88888888-8888-4888-8888-888888888888', 'Vic', 'Hale');
  const clinicians: Clinician[] = [slp(testUser.id, 'Jane', 'Doe'), sam, tia, uma, vic, { id: alex.id, firstName: 'Alex', lastName: 'Aide', role: 'assistant' }];
  const bea: ManagedUser = { ...alex, id: '99999999-9999-4999-8999-999999999999', firstName: 'Bea', lastName: 'Lopez', email: 'bea@school.example', role: 'slp' };

  it('at 390 px, a manager sets them from the card; only assistants have them; 1 to 3 SLPs, checked before sending', async () => {
    setViewportWidth(390);
    let sent: unknown;
    // The list as the server keeps it: the refetch after saving reads the change.
    const users: ManagedUser[] = [{ ...alex, supervisorIds: [] }, bea];
    await openUsers(owner, users, {
      'GET /api/clinicians': () => jsonResponse(200, clinicians),
      [`PUT /api/users/${alex.id}/supervisors`]: (body) => {
        sent = body;
        users[0] = { ...alex, supervisorIds: (body as { supervisorIds: string[] }).supervisorIds };
        return jsonResponse(200, users[0]);
      },
    });
    const alexCard = await screen.findByRole('listitem', { name: 'Alex Aide' });
    await waitFor(() => expect(alexCard.textContent).toContain(`Supervising SLPs: ${NO_SUPERVISOR}`));
    // An SLP has no supervisors: neither the line nor the button.
    const beaCard = screen.getByRole('listitem', { name: 'Bea Lopez' });
    expect(within(beaCard).queryByText(/Supervising SLPs/)).toBeNull();
    expect(within(beaCard).queryByRole('button', { name: /supervising/i })).toBeNull();

    fireEvent.click(within(alexCard).getByRole('button', { name: 'Supervisors for Alex Aide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supervising SLPs - Alex Aide' });
    const choices = within(dialog).getByRole('group', { name: 'SLPs of this district' });
    // The account's SLPs only (the owner among them), each a labelled checkbox.
    expect(within(choices).getAllByRole('checkbox')).toHaveLength(5);
    for (const name of ['Jane Doe', 'Sam Lee', 'Tia Ray', 'Uma Cole', 'Vic Hale']) expect((within(choices).getByLabelText(name) as HTMLInputElement).checked).toBe(false);
    expect(within(choices).queryByLabelText('Alex Aide')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Supervisors' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SUPERVISORS_MESSAGE);
    for (const name of ['Sam Lee', 'Tia Ray', 'Uma Cole', 'Vic Hale']) await tick(choices, name);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Supervisors' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SUPERVISORS_MESSAGE);
    expect(sent).toBeUndefined();

    await tick(choices, 'Uma Cole');
    await tick(choices, 'Vic Hale');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Supervisors' }));
    expect(await screen.findByText('Supervisors updated')).toBeTruthy();
    expect(sent).toEqual({ supervisorIds: [sam.id, tia.id] });
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Alex Aide' }).textContent).toContain('Supervising SLPs: Sam Lee, Tia Ray'));
  });

  it("shows the server's refusal in the dialog", async () => {
    await openUsers(owner, [{ ...alex, supervisorIds: [sam.id] }], {
      'GET /api/clinicians': () => jsonResponse(200, clinicians),
      [`PUT /api/users/${alex.id}/supervisors`]: () => jsonResponse(400, { message: SUPERVISORS_MESSAGE }),
    });
    const card = await screen.findByRole('listitem', { name: 'Alex Aide' });
    await waitFor(() => expect(card.textContent).toContain('Supervising SLPs: Sam Lee'));
    fireEvent.click(within(card).getByRole('button', { name: 'Supervisors for Alex Aide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supervising SLPs - Alex Aide' });
    expect((within(dialog).getByLabelText('Sam Lee') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Supervisors' }));
    expect(await screen.findByText('Failed to update supervisors')).toBeTruthy();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SUPERVISORS_MESSAGE);
  });
});

describe('a user imported with the district', () => {
  const imported: ManagedUser = { ...alex, email: '', isActive: false, awaitingPassword: true };

  it('gets a password from the owner, checked before sending, which activates the user; a dropped send keeps what was typed', async () => {
    let sent: unknown;
    let fail = true;
    const users: ManagedUser[] = [imported];
    await openUsers(owner, users, {
      'GET /api/clinicians': () => jsonResponse(200, []),
      [`PUT /api/users/${alex.id}/password`]: (body) => {
        if (fail) {
          fail = false;
          throw new TypeError('Failed to fetch');
        }
        sent = body;
        users[0] = { ...alex, email: '', isActive: true };
        return jsonResponse(200, users[0]);
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Alex Aide' });
    expect(within(card).getByText('Imported: needs a password')).toBeTruthy();
    // No Activate: setting the password is what activates the user.
    expect(within(card).queryByRole('button', { name: 'Activate Alex Aide' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Set password for Alex Aide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set password - Alex Aide' });
    const field = within(dialog).getByLabelText(/New password/);
    fireEvent.change(field, { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await within(dialog).findByText('Password must be at least 12 characters long');
    expect(sent).toBeUndefined();
    fireEvent.change(field, { target: { value: 'Another-password-7!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await within(dialog).findByText(/Check your connection and try again/);
    expect((field as HTMLInputElement).value).toBe('Another-password-7!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({ password: 'Another-password-7!' });
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Alex Aide' })).getByRole('button', { name: 'Deactivate Alex Aide' })).toBeTruthy());
  });
});
