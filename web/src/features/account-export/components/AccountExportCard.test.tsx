import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExportJob } from '@caseload/contract/exports';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

const JOB_ID = '3c1f2e4d-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const running: ExportJob = { id: JOB_ID, kind: 'account', status: 'running', progress: 0, rows: 0, fileName: 'district-export-2026-12-02.zip' };
const done: ExportJob = { ...running, status: 'done', progress: 100, rows: 42, downloadUrl: '/api/export-downloads/a/j?expires=1&token=t' };

describe('the Export card of the Security page', () => {
  it("starts the owner's district export, shows its progress, then the download link", async () => {
    let reads = 0;
    mockApi({
      'GET /api/user': () => jsonResponse(200, testUser),
      'POST /api/exports': (body) => {
        expect(body).toEqual({ scope: 'account' });
        return jsonResponse(202, running);
      },
      [`GET /api/exports/${JOB_ID}`]: () => jsonResponse(200, (reads += 1) > 1 ? done : { ...running, progress: 40 }),
    });
    renderApp('/security');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Export' });
    const card = heading.closest('.chakra-card__root') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Export the district' }));
    const link = await within(card).findByRole('link', { name: 'Download district-export-2026-12-02.zip' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(done.downloadUrl);
    expect(within(card).getByText('Export ready. The link works once, for 15 minutes.')).toBeTruthy();
  });

  it('is not shown to a user who is not the owner', async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(200, { ...testUser, userType: 'child' }) });
    renderApp('/security');
    await screen.findByRole('heading', { level: 1, name: 'Security Settings' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Export' })).toBeNull();
  });
});
