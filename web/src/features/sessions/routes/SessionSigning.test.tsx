import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@caseload/contract/auth';
import type { Client } from '@caseload/contract/caseload';
import type { Goal, ProgressPoint, SessionNote } from '@caseload/contract/sessions';
import { NOT_COMPLETED, SIGNED_NOTE, type PendingSignatures, type Signature } from '@caseload/contract/signatures';
import { jsonResponse, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { mockRoutes, type RouteRequest } from '../../../test/server.ts';
import { hasUnsavedChanges, resetAutosaveRegistry } from '../lib/useAutosave.ts';
import { at, sessionId, testSession } from '../test/fixtures.ts';

const ava: Client = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ava', lastInitial: 'S', gradeLevel: '2', status: 'active', icd10Codes: [], medicaidEligible: false, clinicianIds: [], createdAt: at, updatedAt: at };
const ben: Client = { ...ava, id: '22222222-2222-4222-8222-222222222222', firstName: 'Ben', lastInitial: 'T' };
const session = testSession([ava, ben], testUser.id);
const goal: Goal = { id: '44444444-4444-4444-8444-444444444444', clientId: ava.id, name: 'Initial /s/', type: 'articulation', description: '<p>/s/</p>', targetCriteria: '80%', status: 'active', criterionMet: false, createdAt: at, updatedAt: at };
const point: ProgressPoint = { id: 'p1', goalId: goal.id, clientId: ava.id, sessionId, successfulAttempts: 7, totalAttempts: 10, recordedAt: at };

const assistantId = '66666666-6666-4666-8666-666666666666';
const signedAt = '2026-03-09T15:30:00.000Z';
const bySlp: Signature = { userId: testUser.id, name: 'Jane Doe', role: 'slp', at: signedAt };
const byAssistant: Signature = { userId: assistantId, name: 'Alex Kim', role: 'assistant', at: signedAt };
const note = (over: Partial<SessionNote> = {}): SessionNote => ({ clientId: ava.id, notes: '<p>Worked on /s/.</p>', updatedAt: at, addenda: [], ...over });
/** The dashboard's read as the server answers a supervisor of the assistant: Ava's note awaits them. */
const awaitingMine: PendingSignatures = { awaitingMyCosignature: [{ sessionId, clientId: ava.id, student: 'Ava S.', scheduledAt: at, signedBy: 'Alex Kim' }], myUnsigned: [] };

// tiptap does not type in happy-dom: a plain textarea stands in for the notes editor.
vi.mock('../../../components/rich-text/LazyRichTextEditor.tsx', () => ({
  LazyRichTextEditor: ({ value, onChange, label }: { value: string; onChange?: (html: string) => void; label: string }) => (
    <textarea aria-label={label} defaultValue={value} onChange={(event) => onChange?.(`<p>${event.target.value}</p>`)} />
  ),
}));

afterEach(() => resetAutosaveRegistry());

type Route = (request: RouteRequest) => Response;

/** The session page as `user`, Ava's note answered by `notes()` (called on every read), the session as `shown`. */
function openSession(notes: () => SessionNote[], routes: Record<string, Route> = {}, user: CurrentUser = testUser, shown = session) {
  const calls: string[] = [];
  const track = (name: string, route: Route): Route => (request) => {
    calls.push(name);
    return route(request);
  };
  const fetchMock = mockRoutes({
    'GET /api/user': () => jsonResponse(200, user),
    [`GET /api/sessions/${sessionId}`]: () => jsonResponse(200, shown),
    [`GET /api/sessions/${sessionId}/client-goals`]: () => jsonResponse(200, [goal]),
    [`GET /api/sessions/${sessionId}/notes`]: track('GET notes', () => jsonResponse(200, notes())),
    [`GET /api/sessions/${sessionId}/progress`]: () => jsonResponse(200, [point]),
    // Nothing waits for the user's co-signature unless a test says so.
    'GET /api/signatures/pending': () => jsonResponse(200, { awaitingMyCosignature: [], myUnsigned: [] }),
    ...Object.fromEntries(Object.entries(routes).map(([key, route]) => [key, track(key, route)])),
  });
  renderApp(`/sessions/${sessionId}`);
  return { calls, fetchMock };
}

const panel = async (name: string) => screen.findByRole('tabpanel', { name: new RegExp(name) });
const signatureOf = async (name: string) => within(await panel(name)).findByRole('region', { name: `Signature for ${name}` });

describe('Signing a session note', () => {
  it('asks first, saves the waiting changes, then shows the signature with the editors read-only', async () => {
    let stored = [note()];
    const { calls } = openSession(() => stored, {
      [`POST /api/sessions/${sessionId}/progress`]: ({ body }) => jsonResponse(200, { ...point, ...(body as object) }),
      [`POST /api/sessions/${sessionId}/sign`]: ({ body }) => {
        expect(body).toEqual({ clientId: ava.id });
        stored = [note({ signature: bySlp })];
        return jsonResponse(200, stored[0]);
      },
    });
    const successful = await screen.findByLabelText('Successful Attempts for Initial /s/');
    expect(await screen.findByRole('textbox', { name: 'Session notes for Ava S.' })).toBeTruthy();
    fireEvent.change(successful, { target: { value: '8' } });

    fireEvent.click(within(await signatureOf('Ava S.')).getByRole('button', { name: 'Sign note' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign note' });
    expect(within(dialog).getByText(/Signing locks the note, progress and trials for Ava S\./)).toBeTruthy();
    expect(calls).not.toContain(`POST /api/sessions/${sessionId}/sign`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));

    const signature = await signatureOf('Ava S.');
    expect(await within(signature).findByText(/^Signed by Jane Doe \(Speech-Language Pathologist\) on Mar 9, 2026, \d{1,2}:30 [AP]M$/)).toBeTruthy();
    // The progress typed a moment before went first (the debounce had not run yet).
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([`POST /api/sessions/${sessionId}/progress`, `POST /api/sessions/${sessionId}/sign`]);
    expect(within(signature).queryByRole('button', { name: 'Sign note' })).toBeNull();
    expect(within(signature).queryByRole('button', { name: 'Co-sign' })).toBeNull();
    expect(within(signature).queryByText('Awaiting co-signature')).toBeNull();

    const avaTab = await panel('Ava S.');
    expect(within(avaTab).queryByRole('textbox', { name: 'Session notes for Ava S.' })).toBeNull();
    expect(within(avaTab).getByText('Worked on /s/.')).toBeTruthy();
    expect((within(avaTab).getByLabelText('Successful Attempts for Initial /s/') as HTMLInputElement).disabled).toBe(true);
    expect((within(avaTab).getByLabelText('Total Attempts for Initial /s/') as HTMLInputElement).disabled).toBe(true);
    expect((within(avaTab).getByLabelText('Progress notes for Initial /s/') as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(avaTab).queryByRole('button', { name: 'Remove Ava S. from session' })).toBeNull();
    expect(within(avaTab).getByRole('button', { name: 'Add addendum' })).toBeTruthy();
  });

  it('offers no Sign note to a user who cannot edit sessions', async () => {
    const viewer: CurrentUser = { ...testUser, userType: 'child', permissions: { ...testUser.permissions, canEditSessions: false } };
    openSession(() => [note()], {}, viewer);
    const signature = await signatureOf('Ava S.');
    expect(within(signature).getByText('Not signed yet')).toBeTruthy();
    expect(within(signature).queryByRole('button', { name: 'Sign note' })).toBeNull();
  });

  it.each<[string, CurrentUser]>([
    ['an SLP who is not the provider', { ...testUser, id: assistantId }],
    ['an administrator who provides the session', { ...testUser, role: 'admin' }],
  ])('offers no Sign note to %s (part 4 §1.4)', async (_who, user) => {
    openSession(() => [note()], {}, user);
    const signature = await signatureOf('Ava S.');
    expect(within(signature).getByText('Not signed yet')).toBeTruthy();
    expect(within(signature).queryByRole('button', { name: 'Sign note' })).toBeNull();
    expect(within(signature).queryByText(NOT_COMPLETED)).toBeNull();
  });

  it.each<[string, Partial<typeof session>]>([
    ['still scheduled', { status: 'scheduled' }],
    ['completed but still ahead', { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }],
  ])("tells the provider that only a completed session can be signed when it is %s", async (_state, over) => {
    openSession(() => [note()], {}, testUser, { ...session, ...over });
    const signature = await signatureOf('Ava S.');
    expect(await within(signature).findByText(NOT_COMPLETED)).toBeTruthy();
    expect(within(signature).queryByRole('button', { name: 'Sign note' })).toBeNull();
  });
});

describe('Co-signing', () => {
  it("shows Awaiting co-signature and lets a supervising SLP co-sign an assistant's note", async () => {
    let stored = [note({ signature: byAssistant })];
    openSession(() => stored, {
      'GET /api/signatures/pending': () => jsonResponse(200, awaitingMine),
      [`POST /api/sessions/${sessionId}/cosign`]: () => {
        stored = [note({ signature: byAssistant, cosignature: { ...bySlp, at: '2026-03-10T09:05:00.000Z' } })];
        return jsonResponse(200, stored[0]);
      },
    });
    const signature = await signatureOf('Ava S.');
    expect(await within(signature).findByText(/^Signed by Alex Kim \(Assistant\) on Mar 9, 2026/)).toBeTruthy();
    expect(within(signature).getByText('Awaiting co-signature')).toBeTruthy();
    fireEvent.click(await within(signature).findByRole('button', { name: 'Co-sign' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Co-sign note' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Co-sign' }));
    expect(await within(signature).findByText(/^Co-signed by Jane Doe \(Speech-Language Pathologist\) on Mar 10, 2026, \d{1,2}:05 [AP]M$/)).toBeTruthy();
    expect(within(signature).queryByText('Awaiting co-signature')).toBeNull();
    expect(within(signature).queryByRole('button', { name: 'Co-sign' })).toBeNull();
  });

  it("offers no Co-sign to an SLP who does not supervise the assistant", async () => {
    const { calls } = openSession(() => [note({ signature: byAssistant })], { 'GET /api/signatures/pending': () => jsonResponse(200, { awaitingMyCosignature: [], myUnsigned: [] }) });
    const signature = await signatureOf('Ava S.');
    expect(await within(signature).findByText('Awaiting co-signature')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('GET /api/signatures/pending'));
    expect(within(signature).queryByRole('button', { name: 'Co-sign' })).toBeNull();
  });

  it.each<[string, CurrentUser, Signature]>([
    ['the assistant who signed', { ...testUser, id: assistantId, role: 'assistant' }, byAssistant],
    ['another assistant', { ...testUser, role: 'assistant' }, byAssistant],
    ['an administrator', { ...testUser, role: 'admin' }, byAssistant],
    ['the SLP who signed it', testUser, { ...byAssistant, userId: testUser.id }],
  ])('offers no Co-sign to %s', async (_who, user, signedBy) => {
    openSession(() => [note({ signature: signedBy })], {}, user);
    const signature = await signatureOf('Ava S.');
    expect(await within(signature).findByText('Awaiting co-signature')).toBeTruthy();
    expect(within(signature).queryByRole('button', { name: 'Co-sign' })).toBeNull();
  });

  it("needs no co-signature for an SLP's note", async () => {
    openSession(() => [note({ signature: bySlp })], {}, { ...testUser, id: assistantId });
    const signature = await signatureOf('Ava S.');
    await within(signature).findByText(/^Signed by Jane Doe/);
    expect(within(signature).queryByText('Awaiting co-signature')).toBeNull();
    expect(within(signature).queryByRole('button', { name: 'Co-sign' })).toBeNull();
  });
});

describe('Addenda', () => {
  it('lists them oldest first, adds one, and keeps the text when the save fails', async () => {
    const first = { text: 'Parent called after the session.', userId: testUser.id, name: 'Jane Doe', at: '2026-03-09T16:00:00.000Z' };
    let stored = [note({ signature: bySlp, addenda: [first] })];
    let fail = true;
    const sent: unknown[] = [];
    openSession(() => stored, {
      [`POST /api/sessions/${sessionId}/addenda`]: ({ body }) => {
        sent.push(body);
        if (fail) return jsonResponse(503, { message: 'Service unavailable' });
        const { text } = body as { text: string };
        stored = [note({ signature: bySlp, addenda: [first, { text, userId: testUser.id, name: 'Jane Doe', at: '2026-03-10T08:00:00.000Z' }] })];
        return jsonResponse(200, stored[0]);
      },
    });
    const avaTab = await panel('Ava S.');
    await within(avaTab).findByText('Parent called after the session.');
    const textarea = within(avaTab).getByLabelText('Addendum for Ava S.') as HTMLTextAreaElement;
    const add = within(avaTab).getByRole('button', { name: 'Add addendum' });

    fireEvent.click(add);
    expect(await within(avaTab).findByText('Addendum text is required')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(textarea, { target: { value: '  Corrected: 8 of 10 trials.  ' } });
    fireEvent.click(add);
    expect(await screen.findByText('Failed to add addendum')).toBeTruthy();
    expect(textarea.value).toBe('  Corrected: 8 of 10 trials.  ');

    fail = false;
    fireEvent.click(add);
    await waitFor(() => expect(within(avaTab).getAllByTestId('addendum')).toHaveLength(2));
    expect(sent.at(-1)).toEqual({ clientId: ava.id, text: 'Corrected: 8 of 10 trials.' });
    expect(within(avaTab).getAllByTestId('addendum').map((item) => item.firstChild?.textContent)).toEqual([
      'Parent called after the session.',
      'Corrected: 8 of 10 trials.',
    ]);
    expect(within(within(avaTab).getAllByTestId('addendum')[1]!).getByText(/^Jane Doe · Mar 10, 2026/)).toBeTruthy();
    expect(textarea.value).toBe('');
  });
});

describe('A note signed on another device', () => {
  it('says so when an autosave is refused with 409, shows the signed note and does not retry', async () => {
    let stored = [note()];
    let saves = 0;
    const { calls } = openSession(() => stored, {
      [`POST /api/sessions/${sessionId}/progress`]: () => {
        saves += 1;
        // Signed meanwhile elsewhere: the next read of the notes shows it.
        stored = [note({ signature: byAssistant })];
        return jsonResponse(409, { message: SIGNED_NOTE });
      },
    });
    const successful = await screen.findByLabelText('Successful Attempts for Initial /s/');
    const readsBefore = calls.filter((call) => call === 'GET notes').length;
    fireEvent.change(successful, { target: { value: '9' } });

    const avaTab = await panel('Ava S.');
    expect(await within(avaTab).findByText(SIGNED_NOTE)).toBeTruthy();
    const signature = await signatureOf('Ava S.');
    expect(await within(signature).findByText(/^Signed by Alex Kim \(Assistant\)/)).toBeTruthy();
    expect(calls.filter((call) => call === 'GET notes').length).toBe(readsBefore + 1);
    expect((within(avaTab).getByLabelText('Successful Attempts for Initial /s/') as HTMLInputElement).value).toBe('7');
    expect((within(avaTab).getByLabelText('Successful Attempts for Initial /s/') as HTMLInputElement).disabled).toBe(true);
    expect(within(avaTab).queryByRole('textbox', { name: 'Session notes for Ava S.' })).toBeNull();
    expect(saves).toBe(1);
    // Nothing is left to send: leaving the page sends nothing more.
    expect(hasUnsavedChanges()).toBe(false);
  }, 15_000);

  it('moves notes typed after the signature into the addendum form', async () => {
    let stored = [note()];
    const { calls } = openSession(() => stored, {
      [`POST /api/sessions/${sessionId}/notes`]: () => {
        stored = [note({ signature: byAssistant })];
        return jsonResponse(409, { message: SIGNED_NOTE });
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Session notes for Ava S.' }), { target: { value: 'Used visual cues.' } });

    const avaTab = await panel('Ava S.');
    expect(await within(avaTab).findByText(SIGNED_NOTE)).toBeTruthy();
    const addendum = (await within(avaTab).findByLabelText('Addendum for Ava S.')) as HTMLTextAreaElement;
    expect(addendum.value).toBe('Used visual cues.');
    expect(within(avaTab).queryByRole('textbox', { name: 'Session notes for Ava S.' })).toBeNull();
    expect(within(avaTab).getByText('Worked on /s/.')).toBeTruthy();
    expect(calls.filter((call) => call === `POST /api/sessions/${sessionId}/notes`)).toHaveLength(1);
    expect(hasUnsavedChanges()).toBe(false);
  }, 15_000);
});
