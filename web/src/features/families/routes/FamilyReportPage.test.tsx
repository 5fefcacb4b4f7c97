import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FamilyReport } from '@caseload/contract/families';
import { jsonResponse } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { mockRoutes } from '../../../test/server.ts';
import { rememberUnlocked } from '../api/family.ts';

const token = 'a'.repeat(22);
const base = `/api/family/${token}`;

const report: FamilyReport = {
  client: { firstName: 'Bea', lastInitial: 'K' },
  period: { start: '2024-03-01', end: '2024-03-31' },
  school: 'Maple Elementary',
  district: 'Maple Valley School District',
  preparedBy: 'Sam Rivera',
  goals: [{ name: 'Produce /r/ in words', status: 'progressing', chart: { points: [{ date: '2024-03-04', accuracy: 60 }], criterion: 80, baseline: null, cueMix: [], progress: 'progressing' } }],
  note: '<p>Bea worked hard.</p>',
  language: 'en',
  languages: ['en'],
  translatedBy: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
};

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => {
  document.documentElement.lang = '';
});

describe('the family page', () => {
  it('keeps a wrong code in its field with the reason, then opens the report naming the school, the district and who prepared it', async () => {
    let unlocked = false;
    let reads = 0;
    mockRoutes({
      [`GET ${base}/report`]: () => {
        reads++;
        return unlocked ? jsonResponse(200, report) : jsonResponse(401, { message: 'Enter the code' });
      },
      [`POST ${base}/unlock`]: ({ body }) => {
        if ((body as { code: string }).code !== '123456') return jsonResponse(400, { message: 'That code is not right' });
        unlocked = true;
        return jsonResponse(200, { ok: true });
      },
    });
    renderApp(`/family/${token}`);
    const code = await screen.findByLabelText('Code');
    // A first visit asks the server nothing before the code: its answer could only be a 401 (a console error).
    expect(reads).toBe(0);
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the report' }));
    expect(await screen.findByText('That code is not right. Please check it and try again.')).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('111111');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the report' }));
    expect(await screen.findByText('School: Maple Elementary')).toBeTruthy();
    expect(screen.getByText('Prepared by: Sam Rivera')).toBeTruthy();
    expect(screen.getByText('District: Maple Valley School District')).toBeTruthy();
    expect(screen.getByText('Student: Bea K.')).toBeTruthy();
  });

  it('says the acknowledgement was not sent when the network drops, keeps the name, and sends it again', async () => {
    let online = false;
    mockRoutes({
      [`GET ${base}/report`]: () => jsonResponse(200, report),
      [`POST ${base}/acknowledge`]: ({ body }) =>
        online ? jsonResponse(200, { acknowledgedAt: '2024-04-02T15:00:00.000Z', acknowledgedBy: (body as { name: string }).name }) : offline(),
    });
    rememberUnlocked(token);
    renderApp(`/family/${token}`);
    const name = await screen.findByLabelText('Your name');
    fireEvent.change(name, { target: { value: 'Pat K.' } });
    fireEvent.click(screen.getByRole('button', { name: 'I have received this report' }));
    expect(await screen.findByText('Your confirmation was not sent. Please check your connection and try again.')).toBeTruthy();
    expect(screen.queryByText('The report could not be loaded. Please try again.')).toBeNull();
    expect((name as HTMLInputElement).value).toBe('Pat K.');

    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'I have received this report' }));
    expect((await screen.findByTestId('acknowledged')).textContent).toBe('Received by Pat K. on April 2, 2024');
  });

  it('says so when the PDF cannot be downloaded, and leaves the report on the page', async () => {
    mockRoutes({ [`GET ${base}/report`]: () => jsonResponse(200, report), [`GET ${base}/report.pdf`]: offline });
    rememberUnlocked(token);
    renderApp(`/family/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The report could not be loaded. Please try again.');
    expect(within(screen.getByRole('region', { name: 'Produce /r/ in words' })).getByText('Status: Progressing')).toBeTruthy();
  });
});
