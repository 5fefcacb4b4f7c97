import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPORT_EMPTY_DISTRICT_ONLY, type AccountImport } from '@caseload/contract/account-import';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const IMPORT_ID = '4d2f3e5a-6b7c-4d8e-9f0a-1b2c3d4e5f60';
const UPLOAD = `/api/account-import-uploads/${testUser.accountId}/${IMPORT_ID}?token=t`;
const applying: AccountImport = { id: IMPORT_ID, status: 'applying', progress: 0, counts: {}, errors: [], createdAt: '2026-12-02T10:00:00.000Z', updatedAt: '2026-12-02T10:00:00.000Z' };
const done: AccountImport = { ...applying, status: 'done', progress: 1, counts: { clients: 12, sessions: 340, users: 3 } };

const zipFile = () => new File([new Uint8Array([80, 75, 3, 4])], 'district.zip', { type: 'application/zip' });

async function card() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Import a district' });
  return heading.closest('section') as HTMLElement;
}

describe('the Import a district card of the Security page', () => {
  it('uploads the zip, applies it, shows the progress and then what was recreated', async () => {
    let reads = 0;
    const fetchMock = mockApi({
      'GET /api/user': () => jsonResponse(200, testUser),
      'POST /api/account-imports': (body) => {
        expect(body).toEqual({ size: 4 });
        return jsonResponse(201, { importId: IMPORT_ID, uploadUrl: UPLOAD });
      },
      [`POST /api/account-imports/${IMPORT_ID}/apply`]: () => jsonResponse(202, applying),
      [`GET /api/account-imports/${IMPORT_ID}`]: () => jsonResponse(200, (reads += 1) > 1 ? done : { ...applying, progress: 0.4 }),
    });
    // The zip goes to its upload URL as it is (not JSON), straight from the browser.
    const answers = fetchMock.getMockImplementation()!;
    let uploaded: unknown;
    fetchMock.mockImplementation((input, init = {}) => {
      if (init.method !== 'PUT') return answers(input, init);
      expect(String(input)).toBe(UPLOAD);
      uploaded = init.body;
      return Promise.resolve(new Response('', { status: 200 }));
    });
    renderApp('/security');
    const section = await card();
    fireEvent.change(within(section).getByLabelText('Export zip file'), { target: { files: [zipFile()] } });
    fireEvent.click(within(section).getByRole('button', { name: 'Import' }));
    expect(await within(section).findByText('The district is imported.', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(section).getByText('Students: 12')).toBeTruthy();
    expect(within(section).getByText('Sessions: 340')).toBeTruthy();
    expect((uploaded as File).name).toBe('district.zip');
  });

  it("says in plain words why it cannot import, and keeps the chosen file for another try", async () => {
    mockApi({
      'GET /api/user': () => jsonResponse(200, testUser),
      'POST /api/account-imports': () => jsonResponse(409, { message: IMPORT_EMPTY_DISTRICT_ONLY }),
    });
    renderApp('/security');
    const section = await card();
    fireEvent.click(within(section).getByRole('button', { name: 'Import' }));
    expect(await within(section).findByText('Choose the zip file of a Caseload export.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Export zip file'), { target: { files: [zipFile()] } });
    fireEvent.click(within(section).getByRole('button', { name: 'Import' }));
    expect(await within(section).findByText(IMPORT_EMPTY_DISTRICT_ONLY)).toBeTruthy();
    expect((within(section).getByLabelText('Export zip file') as HTMLInputElement).files?.[0]?.name).toBe('district.zip');
  });

  it('is not shown to a user who is not the owner', async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(200, { ...testUser, userType: 'child' }) });
    renderApp('/security');
    await screen.findByRole('heading', { level: 1, name: 'Security Settings' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Import a district' })).toBeNull();
  });
});
