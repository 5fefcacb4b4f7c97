import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format, subMonths } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import { DELIVERED_NOTE_COVERS_PERIOD, EDITED_NOTE_WOULD_BE_REPLACED, NOTE_COVERS_PART_OF_PERIOD } from '@caseload/contract/notes';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { client, note } from '../test/fixtures.ts';
import { ProgressNoteDialog } from './ProgressNoteDialog.tsx';

const maya = client(1);
const notesUrl = `GET /api/clients/${maya.id}/progress-notes`;
const generateUrl = `POST /api/clients/${maya.id}/generate-progress-note`;

function openDialog(answers: Record<string, (body: unknown) => Response>, user: CurrentUser = testUser) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(200, user),
    [notesUrl]: () => jsonResponse(200, []),
    'GET /api/reporting-periods': () => jsonResponse(200, { periods: [], current: null }),
    ...answers,
  });
  renderWithProviders(<ProgressNoteDialog client={maya} open onOpenChange={() => undefined} />);
  return fetchMock;
}

const startInput = () => screen.getByLabelText('Start date') as HTMLInputElement;
const endInput = () => screen.getByLabelText('End date') as HTMLInputElement;
const generateButton = () => screen.getByRole('button', { name: 'Generate Progress Note' });

describe('progress note dialog', () => {
  it('is titled with the first name and last initial and lists up to 3 previous notes, newest first', async () => {
    const long = `<p>${'Maya worked on /s/ blends. '.repeat(10)}</p>`;
    const notes = [note(1), note(5, { content: long, generatedBy: 'manual' }), note(3), note(4), note(2)];
    openDialog({ [notesUrl]: () => jsonResponse(200, notes) });

    expect(await screen.findByRole('dialog', { name: 'Generate Progress Note - Maya R.' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Jan 5, 2026 - Feb 5, 2026')).toBeTruthy();
    expect(within(items[0]!).getByText('Manual')).toBeTruthy();
    const first150 = 'Maya worked on /s/ blends. '.repeat(10).slice(0, 150).trimEnd();
    expect(within(items[0]!).getByText(`${first150}...`)).toBeTruthy();
    expect(within(items[1]!).getByText('AI Generated')).toBeTruthy();
    expect(within(items[1]!).getByText('Jan 4, 2026 - Feb 4, 2026')).toBeTruthy();
    expect(items[3]!.textContent).toBe('+2 more progress notes');
    expect(screen.getByText('Last progress note ended on Feb 5, 2026')).toBeTruthy();
  });

  it('defaults to one month ago through today', async () => {
    openDialog({});
    await screen.findByText('No previous progress notes for this client');
    const today = new Date();
    expect(startInput().value).toBe(format(subMonths(today, 1), 'yyyy-MM-dd'));
    expect(endInput().value).toBe(format(today, 'yyyy-MM-dd'));
  });

  it("refuses a missing date or an end before the start with the spec's messages, without calling the server", async () => {
    const fetchMock = openDialog({});
    await screen.findByText('No previous progress notes for this client');

    fireEvent.change(startInput(), { target: { value: '' } });
    fireEvent.click(generateButton());
    expect(await screen.findByText('Invalid dates')).toBeTruthy();
    expect(screen.getByText('Please select both start and end dates for the reporting period.')).toBeTruthy();

    fireEvent.change(startInput(), { target: { value: '2026-03-10' } });
    fireEvent.change(endInput(), { target: { value: '2026-03-01' } });
    fireEvent.click(generateButton());
    expect(await screen.findByText('Invalid date range')).toBeTruthy();
    expect(screen.getByText('End date must be after start date.')).toBeTruthy();

    expect(fetchMock.mock.calls.some(([url, init]) => String(url).includes('generate') && init?.method === 'POST')).toBe(false);
  });

  it('generates for the chosen period and says so', async () => {
    let sent: unknown;
    openDialog({
      [generateUrl]: (body) => {
        sent = body;
        return jsonResponse(201, note(9, { content: '<p>Generated note</p>' }));
      },
    });
    await screen.findByText('No previous progress notes for this client');
    fireEvent.change(startInput(), { target: { value: '2026-02-01' } });
    fireEvent.change(endInput(), { target: { value: '2026-03-01' } });
    fireEvent.click(generateButton());

    expect(await screen.findByText('Progress note generated successfully')).toBeTruthy();
    expect(screen.getByText('AI has created a comprehensive progress note based on recent session data.')).toBeTruthy();
    expect(sent).toEqual({ reportingPeriodStart: '2026-02-01', reportingPeriodEnd: '2026-03-01' });
    expect(await screen.findByText(/^Saved at \d\d:\d\d:\d\d$/)).toBeTruthy();
    expect(screen.getByText('Changes are saved automatically as you type.')).toBeTruthy();
  });

  it("shows the server's message when generation fails", async () => {
    openDialog({ [generateUrl]: () => jsonResponse(502, { message: 'The AI service is busy. Please try again in a minute.' }) });
    await screen.findByText('No previous progress notes for this client');
    fireEvent.click(generateButton());
    expect(await screen.findByText('Failed to generate progress note')).toBeTruthy();
    expect(screen.getByText('The AI service is busy. Please try again in a minute.')).toBeTruthy();
  });

  it('suggests the current reporting period when there is one', async () => {
    const fall = { name: 'Fall term', start: '2026-01-05', end: '2026-03-20' };
    openDialog({ 'GET /api/reporting-periods': () => jsonResponse(200, { periods: [fall], current: fall }) });
    await waitFor(() => expect(startInput().value).toBe(fall.start));
    expect(endInput().value).toBe(fall.end);
  });

  it("starts the suggested period the day after the client's last note ended, so the two do not overlap", async () => {
    const lastEnd = format(subMonths(new Date(), 1), 'yyyy-MM-dd');
    openDialog({ [notesUrl]: () => jsonResponse(200, [note(1, { reportingPeriodStart: '2025-01-01', reportingPeriodEnd: lastEnd })]) });
    await screen.findByText(/^Last progress note ended on/);
    expect(startInput().value > lastEnd).toBe(true);
    expect(endInput().value).toBe(format(new Date(), 'yyyy-MM-dd'));
  });

  for (const refusal of [EDITED_NOTE_WOULD_BE_REPLACED, NOTE_COVERS_PART_OF_PERIOD]) {
    it(`asks before replacing on 409 '${refusal}' and resends with replace: true`, async () => {
      const sent: unknown[] = [];
      const answers = [() => jsonResponse(409, { message: refusal }), () => jsonResponse(200, note(9, { content: '<p>Regenerated</p>' }))];
      openDialog({
        [generateUrl]: (body) => {
          sent.push(body);
          return answers.shift()!();
        },
      });
      await screen.findByText('No previous progress notes for this client');
      fireEvent.change(startInput(), { target: { value: '2026-02-01' } });
      fireEvent.change(endInput(), { target: { value: '2026-03-01' } });
      fireEvent.click(generateButton());
      const ask = await screen.findByRole('alert');
      expect(within(ask).getByText(refusal)).toBeTruthy();
      expect(sent).toHaveLength(1);
      fireEvent.click(within(ask).getByRole('button', { name: 'Replace the note' }));
      expect(await screen.findByText('Progress note generated successfully')).toBeTruthy();
      expect(sent).toEqual([
        { reportingPeriodStart: '2026-02-01', reportingPeriodEnd: '2026-03-01' },
        { reportingPeriodStart: '2026-02-01', reportingPeriodEnd: '2026-03-01', replace: true },
      ]);
    });
  }

  it("keeps the existing note when the user says so, and shows a delivered note's refusal without offering to replace", async () => {
    const sent: unknown[] = [];
    const answers = [() => jsonResponse(409, { message: EDITED_NOTE_WOULD_BE_REPLACED }), () => jsonResponse(409, { message: DELIVERED_NOTE_COVERS_PERIOD })];
    openDialog({
      [generateUrl]: (body) => {
        sent.push(body);
        return answers.shift()!();
      },
    });
    await screen.findByText('No previous progress notes for this client');
    fireEvent.click(generateButton());
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Keep the existing note' }));
    fireEvent.click(generateButton());
    expect(await screen.findByText(DELIVERED_NOTE_COVERS_PERIOD)).toBeTruthy();
    expect(screen.getByText('Failed to generate progress note')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace the note' })).toBeNull();
    expect(sent).toHaveLength(2);
    expect(sent.some((body) => (body as { replace?: boolean }).replace)).toBe(false);
  });

  it('hides generation from a user without the permission', async () => {
    const child: CurrentUser = { ...testUser, userType: 'child' };
    openDialog({}, child);
    expect(await screen.findByText("You don't have permission to generate progress notes.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Generate Progress Note' })).toBeNull());
  });
});
