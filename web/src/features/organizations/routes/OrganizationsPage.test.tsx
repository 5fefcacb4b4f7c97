import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Organization } from '@caseload/contract/caseload';
import { toaster } from '../../../lib/toaster.ts';
import { jsonResponse, mockFetch, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const at = '2026-03-02T10:00:00.000Z';
const lincoln: Organization = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Lincoln Elementary',
  type: 'school',
  address: '12 Elm Street',
  phone: '555-0100',
  contactPerson: 'Pat Principal',
  createdAt: at,
  updatedAt: at,
  stats: { activeClients: 4, sessionsThisMonth: 9, activeGoals: 7 },
};
const owner: CurrentUser = { ...testUser, userType: 'owner' };

afterEach(() => toaster.remove());

async function openOrganizations(user: CurrentUser, list: Organization[], routes: Record<string, (body: unknown) => Response> = {}) {
  mockFetch(({ method, url, init }) => {
    const answer = routes[`${method} ${url}`];
    if (answer) return answer(init.body ? JSON.parse(String(init.body)) : undefined);
    if (method === 'GET' && url === '/api/user') return jsonResponse(200, user);
    if (method === 'GET' && url === '/api/organizations') return jsonResponse(200, list);
    return jsonResponse(404, { message: `unexpected ${method} ${url}` });
  });
  renderApp('/organizations');
  await screen.findByRole('heading', { level: 1, name: 'Organization Management' });
}

describe('Organization Management', () => {
  it('adds the first organization and shows the server’s message when adding fails', async () => {
    const list: Organization[] = [];
    const answers = [jsonResponse(400, { message: 'Phone must be at most 20 characters' })];
    let sent: unknown;
    await openOrganizations(owner, list, {
      'POST /api/organizations': (body) => {
        sent = body;
        const failure = answers.shift();
        if (failure) return failure;
        list.push({ ...lincoln, address: undefined, phone: undefined, contactPerson: undefined });
        return jsonResponse(201, list[0]);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Your First Organization' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Type/) as HTMLSelectElement).value).toBe('school');
    fireEvent.change(within(dialog).getByLabelText(/Organization Name/), { target: { value: 'Lincoln Elementary' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Organization' }));
    expect(await screen.findByText('Error adding organization')).toBeTruthy();
    expect(screen.getByText('Phone must be at most 20 characters')).toBeTruthy();
    toaster.remove();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Organization' }));
    expect(await screen.findByText('Organization added')).toBeTruthy();
    expect(sent).toEqual({ name: 'Lincoln Elementary', type: 'school' });
    expect(await screen.findByRole('article', { name: 'Lincoln Elementary' })).toBeTruthy();
  });

  it('refuses a phone over 20 characters with the contract message instead of cutting it, and shows a taken name under the name', async () => {
    let sent: unknown;
    await openOrganizations(owner, [], {
      'POST /api/organizations': (body) => {
        sent = body;
        const message = 'An organization with this name already exists';
        return jsonResponse(409, { message, errors: [{ path: 'name', message }] });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Your First Organization' }));
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText(/Phone/) as HTMLInputElement;
    expect(phone.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Organization Name/), { target: { value: 'Lincoln Elementary' } });
    fireEvent.change(phone, { target: { value: '+1 (555) 010-0100 ext. 42' } });
    expect(phone.value).toBe('+1 (555) 010-0100 ext. 42');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Organization' }));
    expect(await within(dialog).findByText('Phone must be at most 20 characters')).toBeTruthy();
    expect(sent).toBeUndefined();

    fireEvent.change(phone, { target: { value: '555-0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Organization' }));
    expect(await within(dialog).findByText('An organization with this name already exists')).toBeTruthy();
    expect(sent).toEqual({ name: 'Lincoln Elementary', type: 'school', phone: '555-0100' });
  });

  it('shows the card, its details, edits with a PUT and shows the 409 of an archive', async () => {
    let sent: unknown;
    await openOrganizations(owner, [lincoln], {
      [`PUT /api/organizations/${lincoln.id}`]: (body) => {
        sent = body;
        return jsonResponse(200, { ...lincoln, name: 'Lincoln Primary' });
      },
      [`POST /api/organizations/${lincoln.id}/archive`]: () =>
        jsonResponse(409, { message: 'Move or archive the 4 active clients of this organization first' }),
    });
    const card = await screen.findByRole('article', { name: 'Lincoln Elementary' });
    for (const text of ['School', 'Active', '12 Elm Street', '555-0100', 'Pat Principal', 'Active Clients', 'This Month', 'sessions', 'Active Goals', '9']) {
      expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    }

    fireEvent.click(within(card).getByRole('button', { name: 'View Details for Lincoln Elementary' }));
    const details = await screen.findByRole('dialog');
    expect(within(details).getByText('Pat Principal')).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(card).getByRole('button', { name: 'Edit Lincoln Elementary' }));
    const edit = await screen.findByRole('dialog');
    const name = within(edit).getByLabelText(/Organization Name/) as HTMLInputElement;
    expect(name.value).toBe('Lincoln Elementary');
    fireEvent.change(name, { target: { value: 'Lincoln Primary' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization updated')).toBeTruthy();
    expect(sent).toEqual({ name: 'Lincoln Primary', type: 'school', address: '12 Elm Street', phone: '555-0100', contactPerson: 'Pat Principal' });
    toaster.remove();

    fireEvent.click(await screen.findByRole('button', { name: /^Archive Lincoln/ }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Move or archive the 4 active clients of this organization first')).toBeTruthy();
  });

  it('offers only View Details to a user who does not manage organizations', async () => {
    await openOrganizations({ ...testUser, userType: 'child' }, [lincoln]);
    const card = await screen.findByRole('article', { name: 'Lincoln Elementary' });
    expect(within(card).getByRole('button', { name: 'View Details for Lincoln Elementary' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Edit Lincoln Elementary' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Archive Lincoln Elementary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Organization' })).toBeNull();
  });
});
