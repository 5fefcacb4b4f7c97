import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BulkJob, ProgressNote } from '@caseload/contract/notes';
import { jsonResponse, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { clientsAnswer, mockRoutes } from '../../../test/server.ts';
import { client, job, note, organization } from '../test/fixtures.ts';
import { findModalDialog } from '../../../test/dialogs.ts';

const clients = [client(1, { organizationId: 'org-1' }), client(2, { organizationId: 'org-2' }), client(3, { status: 'discharged' })];
const organizations = [organization('org-1', 'Lincoln Elementary'), organization('org-2', 'Oak Clinic')];
const jobUrl = `GET /api/generate-progress-notes-bulk/${job().jobId}`;

type Answers = Record<string, (body: unknown) => Response>;

async function openNotes(notes: ProgressNote[], answers: Answers = {}) {
  const fetchMock = mockRoutes({
    'GET /api/user': () => jsonResponse(200, testUser),
    'GET /api/progress-notes': () => jsonResponse(200, notes),
    'GET /api/clients': ({ query }) => clientsAnswer(query, clients),
    'GET /api/organizations': () => jsonResponse(200, organizations),
    // No reporting period defined, so no note is missing: the tests that need them answer these.
    'GET /api/reporting-periods': () => jsonResponse(200, { periods: [], current: null }),
    'GET /api/progress-notes/missing': () => jsonResponse(200, { period: null, clients: [] }),
    ...Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, ({ body }: { body: unknown }) => answer(body)])),
  });
  renderApp('/progress-notes');
  await screen.findByRole('heading', { level: 1, name: 'Progress Notes' });
  return fetchMock;
}

/** Opens the bulk dialog, selects every listed client and starts the job. */
async function startBulk() {
  fireEvent.click(await screen.findByRole('button', { name: 'Generate for Multiple Clients' }));
  const dialog = await screen.findByRole('dialog', { name: 'Generate for Multiple Clients' });
  await within(dialog).findByRole('checkbox', { name: /Maya R\./ });
  expect(within(dialog).getByText('0 clients selected')).toBeTruthy();
  expect(within(dialog).queryByRole('checkbox', { name: /Ava R\./ })).toBeNull(); // discharged
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select All' }));
  expect(await within(dialog).findByText('2 clients selected')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  const options = await screen.findByRole('dialog', { name: 'Generation Options' });
  expect((within(options).getByRole('checkbox', { name: 'Skip clients that already have a note for this period' }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(within(options).getByRole('button', { name: 'Generate 2 Notes' }));
}

/** Answers the poll with each job in turn, then the last one forever. */
function pollAnswers(jobs: BulkJob[]) {
  return () => jsonResponse(200, jobs.length > 1 ? jobs.shift()! : jobs[0]!);
}

describe('bulk generation', () => {
  it('filters by organization and selects with Select All', async () => {
    await openNotes([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate for Multiple Clients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate for Multiple Clients' });
    await within(dialog).findByRole('checkbox', { name: /Maya R\./ });
    fireEvent.change(within(dialog).getByLabelText('Organization'), { target: { value: 'org-2' } });
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /Maya R\./ })).toBeNull());
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select All' }));
    expect(await within(dialog).findByText('1 client selected')).toBeTruthy();
    // The box's input follows its state machine a render later than the count.
    await waitFor(() => expect((within(dialog).getByRole('checkbox', { name: /Liam R\./ }) as HTMLInputElement).checked).toBe(true));
  });

  it('shows a progress bar while the job runs, then states how many were generated and how many failed', async () => {
    let sent: unknown;
    const failed = { clientId: clients[1]!.id, clientName: 'Liam R.', error: 'The AI service timed out.' };
    await openNotes([], {
      'POST /api/generate-progress-notes-bulk': (body) => {
        sent = body;
        return jsonResponse(202, job({ total: 2 }));
      },
      [jobUrl]: pollAnswers([
        job({ total: 2, completed: 1, successCount: 1 }),
        job({ total: 2, completed: 2, successCount: 1, errorCount: 1, errors: [failed], status: 'completed' }),
      ]),
    });
    await startBulk();

    const bar = await screen.findByRole('progressbar', { name: 'Bulk progress note generation' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(sent).toMatchObject({ clientIds: [clients[1]!.id, clients[0]!.id], skipExisting: true });

    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1'));
    expect(await screen.findByText('Progress notes partially generated')).toBeTruthy();
    expect(screen.getByText('Generated 1 progress note; 1 failed.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Bulk progress note generation' }).getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByText('Liam R.: The AI service timed out.')).toBeTruthy();
  });

  it("says 'Generation failed' with the first error when every client fails", async () => {
    await openNotes([], {
      'POST /api/generate-progress-notes-bulk': () =>
        jsonResponse(202, job({ total: 2, completed: 2, errorCount: 2, status: 'completed', errors: [{ clientId: clients[0]!.id, clientName: 'Maya R.', error: 'Access denied to the model.' }] })),
    });
    await startBulk();
    expect(await screen.findByText('Generation failed')).toBeTruthy();
    expect(screen.getByText('Access denied to the model.')).toBeTruthy();
  });

  it('reports the count on full success', async () => {
    await openNotes([], {
      'POST /api/generate-progress-notes-bulk': () => jsonResponse(202, job({ total: 2 })),
      [jobUrl]: pollAnswers([job({ total: 2, completed: 2, successCount: 2, status: 'completed' })]),
    });
    await startBulk();
    expect(await screen.findByText('Successfully generated 2 progress notes.')).toBeTruthy();
  });

  it('suggests the current reporting period for the new notes', async () => {
    let sent: unknown;
    const fall = { name: 'Fall term', start: '2026-01-05', end: '2026-03-20' };
    await openNotes([], {
      'GET /api/reporting-periods': () => jsonResponse(200, { periods: [fall], current: fall }),
      'POST /api/generate-progress-notes-bulk': (body) => {
        sent = body;
        return jsonResponse(202, job({ total: 2 }));
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate for Multiple Clients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate for Multiple Clients' });
    await within(dialog).findByRole('checkbox', { name: /Maya R\./ });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select All' }));
    await within(dialog).findByText('2 clients selected');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const options = await screen.findByRole('dialog', { name: 'Generation Options' });
    await waitFor(() => expect((within(options).getByLabelText('Start date') as HTMLInputElement).value).toBe(fall.start));
    expect((within(options).getByLabelText('End date') as HTMLInputElement).value).toBe(fall.end);
    fireEvent.click(within(options).getByRole('button', { name: 'Generate 2 Notes' }));
    await waitFor(() => expect(sent).toMatchObject({ reportingPeriodStart: fall.start, reportingPeriodEnd: fall.end }));
  });

  it('says so when the job cannot be started', async () => {
    await openNotes([], { 'POST /api/generate-progress-notes-bulk': () => jsonResponse(500, { message: 'Service unavailable' }) });
    await startBulk();
    expect(await screen.findByText('Failed to generate progress notes')).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
  });
});

describe('missing notes', () => {
  const fall = { name: 'Fall term', start: '2026-01-05', end: '2026-03-20' };
  const missingOf = (...of: typeof clients) => jsonResponse(200, { period: fall, clients: of.map(({ id, firstName, lastInitial }) => ({ id, firstName, lastInitial })) });

  it("shows 'Missing notes: N' for the page's caseload and generates exactly those in bulk for the current period, then counts again", async () => {
    let generated = false;
    let sent: unknown;
    const fetchMock = await openNotes([], {
      'GET /api/progress-notes/missing': () => (generated ? missingOf() : missingOf(clients[1]!)),
      'POST /api/generate-progress-notes-bulk': (body) => {
        sent = body;
        return jsonResponse(202, job({ total: 1, reportingPeriodStart: fall.start, reportingPeriodEnd: fall.end }));
      },
      [jobUrl]: () => {
        generated = true;
        return jsonResponse(200, job({ total: 1, completed: 1, successCount: 1, status: 'completed', reportingPeriodStart: fall.start, reportingPeriodEnd: fall.end }));
      },
    });
    const card = await screen.findByRole('region', { name: 'Missing notes' });
    expect(await within(card).findByRole('heading', { name: 'Missing notes: 1' })).toBeTruthy();
    expect(within(card).getByText('Fall term · Jan 5, 2026 - Mar 20, 2026')).toBeTruthy();
    // The students are named, each linking to the client's page.
    const named = within(within(card).getByRole('list', { name: 'Students without a note' })).getAllByRole('link');
    expect(named.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([[`${clients[1]!.firstName} ${clients[1]!.lastInitial}.`, `/clients/${clients[1]!.id}`]]);
    // The count covers the same caseload as the notes listed.
    const scopeOf = (path: string) => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://app.test')).find((url) => url.pathname === path)?.searchParams.get('assignedTo');
    expect(scopeOf('/api/progress-notes/missing')).toBe(scopeOf('/api/progress-notes'));
    expect(scopeOf('/api/progress-notes/missing')).toMatch(/^(me|all)$/);

    fireEvent.click(within(card).getByRole('button', { name: 'Generate 1 missing note' }));
    expect(await screen.findByText('Successfully generated 1 progress note.')).toBeTruthy();
    expect(sent).toEqual({ clientIds: [clients[1]!.id], reportingPeriodStart: fall.start, reportingPeriodEnd: fall.end, skipExisting: true });
    expect(await within(card).findByRole('heading', { name: 'Missing notes: 0' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /missing note/ })).toBeNull();
  });

  it('generates at most 500 missing notes in one job, the first 500 of the list', async () => {
    const many = Array.from({ length: 501 }, (_, i) => client(1, { id: `${String(i).padStart(8, '0')}-0c4b-4e8a-9f51-2b7c3d9e1a01`, firstName: `Student${i}` }));
    let sent: { clientIds: string[] } | undefined;
    await openNotes([], {
      'GET /api/progress-notes/missing': () => missingOf(...many),
      'POST /api/generate-progress-notes-bulk': (body) => {
        sent = body as { clientIds: string[] };
        return jsonResponse(202, job({ total: 500 }));
      },
    });
    const card = await screen.findByRole('region', { name: 'Missing notes' });
    expect(await within(card).findByRole('heading', { name: 'Missing notes: 501' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Generate the first 500 missing notes' }));
    await waitFor(() => expect(sent?.clientIds).toEqual(many.slice(0, 500).map((c) => c.id)));
  });

  it('says when no reporting period includes today', async () => {
    await openNotes([], { 'GET /api/progress-notes/missing': () => jsonResponse(200, { period: null, clients: [] }) });
    const card = await screen.findByRole('region', { name: 'Missing notes' });
    expect(await within(card).findByText(/No reporting period includes today/)).toBeTruthy();
  });
});

describe('generate new note', () => {
  it('picks one client, then opens the generation dialog for them', async () => {
    await openNotes([], { [`GET /api/clients/${clients[1]!.id}/progress-notes`]: () => jsonResponse(200, []) });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate New Note' }));
    const picker = await screen.findByRole('dialog', { name: 'Generate New Note' });
    const next = within(picker).getByRole('button', { name: 'Continue' });
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.change(await within(picker).findByLabelText('Client'), { target: { value: clients[1]!.id } });
    fireEvent.click(next);
    const dialog = await screen.findByRole('dialog', { name: 'Generate Progress Note - Liam R.' });
    expect(await within(dialog).findByText('No previous progress notes for this client')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generate New Note' })).toBeNull());
  });
});

describe('notes list', () => {
  it('lists notes with client, period, badges and a 200-character preview', async () => {
    const long = `<p>${'x'.repeat(250)}</p>`;
    await openNotes([note(1, { content: long, clientName: 'Maya R.' }), note(2, { clientId: 'b1b1b1b1-0c4b-4e8a-9f51-2b7c3d9e1a01', status: 'updated', generatedBy: 'manual' })]);
    expect(await screen.findByRole('heading', { name: 'Notes (2)' })).toBeTruthy();
    const [first, second] = screen.getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(within(first!).getByRole('heading', { name: 'Unknown Client' })).toBeTruthy();
    expect(within(first!).getByText('Manual')).toBeTruthy();
    expect(within(first!).getByText('Updated')).toBeTruthy();
    expect(within(second!).getByRole('heading', { name: 'Maya R.' })).toBeTruthy();
    expect(within(second!).getByText('Reporting period: Jan 1, 2026 - Feb 1, 2026')).toBeTruthy();
    expect(within(second!).getByText('AI Generated')).toBeTruthy();
    expect(within(second!).getByTestId('note-preview').textContent).toBe(`${'x'.repeat(200)}...`);
    expect(within(second!).getByRole('button', { name: 'Edit progress note for Maya R.' })).toBeTruthy();
  });

  it('shows the empty states', async () => {
    await openNotes([]);
    expect(await screen.findByText('Get started by generating your first AI-powered progress note')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'fluency' } });
    expect(await screen.findByText('Try adjusting your search criteria')).toBeTruthy();
  });

  it('asks before deleting and says when it fails', async () => {
    await openNotes([note(1, { clientName: 'Maya R.' })], { [`DELETE /api/progress-notes/${note(1).id}`]: () => jsonResponse(500, {}) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete progress note for Maya R.' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete the progress note for Maya R.?')).toBeTruthy();
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete progress note')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('marks a note delivered with PATCH, after which it offers no editing and no deleting', async () => {
    let sent: unknown;
    const maya = note(1, { clientName: 'Maya R.' });
    await openNotes([maya], {
      [`PATCH /api/progress-notes/${maya.id}`]: (body) => {
        sent = body;
        return jsonResponse(200, { ...maya, status: 'delivered' });
      },
      // A delivered note's dialog shows its shares with the family (none yet).
      [`GET /api/progress-notes/${maya.id}/shares`]: () => jsonResponse(200, []),
    });
    expect(await screen.findByRole('button', { name: 'Edit progress note for Maya R.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View Full Note' }));
    const dialog = await findModalDialog('Progress Note - Maya R.');
    // It asks first, saying what delivering locks; Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Delivered' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Mark as Delivered' });
    expect(within(confirm).getByText(/Delivering locks it: it can no longer be edited or deleted\./)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Delivered' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Mark as Delivered' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark as Delivered' }));
    expect(await within(dialog).findByText('This note was delivered; its content can no longer be changed.')).toBeTruthy();
    expect(sent).toEqual({ status: 'delivered' });
    expect(within(dialog).queryByRole('button', { name: 'Edit Note' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Mark as Delivered' })).toBeNull();
    expect(within(dialog).getByText('Delivered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit progress note for Maya R.' })).toBeNull();
    // What the family received stays on record (part 4 §1.4): no Delete either.
    expect(within(dialog).queryByRole('button', { name: 'Delete Note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete progress note for Maya R.' })).toBeNull();
    expect(await within(dialog).findByText('Not shared with the family yet.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Share with family' })).toBeTruthy();
  });

  it('shows the full note read-only with Edit Note, Delete Note and Download PDF', async () => {
    await openNotes([note(1, { clientName: 'Maya R.', content: '<h2>Summary</h2><p>Maya <strong>met</strong> her goal.</p>' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'View Full Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Progress Note - Maya R.' });
    expect(within(dialog).getByRole('heading', { name: 'Summary' })).toBeTruthy();
    expect(within(dialog).getByText('met').tagName).toBe('STRONG');
    for (const name of ['Edit Note', 'Delete Note', 'Download PDF']) expect(within(dialog).getByRole('button', { name })).toBeTruthy();
  });
});
