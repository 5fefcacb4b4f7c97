import { format, subDays } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NO_SUPERVISOR, SERVICE_LOG_CSV_HEADER } from '../../packages/contract/src/signatures.ts';
import type { RunningApp } from '../../packages/local/src/runtime.ts';
import { PHONE_VIEWPORT, seriousViolations } from '../support/axe.ts';
import { e2eNow, wallClock } from '../support/e2e-clock.ts';
import { apiCall, signUpInBrowser, useBrowserApp } from '../support/e2e.ts';

let app: RunningApp;
let page: Page;

useBrowserApp((env) => ({ app, page } = env));

const run = crypto.randomUUID().slice(0, 8);
const owner = { email: `owner-${run}@district.test`, password: 'Speech-therapy-2026!' };
const assistant = { email: `slpa-${run}@district.test`, password: 'Assistant-caseload-2026!' };
const slp = { email: `slp-${run}@district.test`, password: 'School-SLP-2026-caseload!' };
// An SLP of the same district who sees the students but does not supervise the assistant.
const otherSlp = { email: `slp2-${run}@district.test`, password: 'Other-SLP-2026-caseload!' };

// Yesterday at 10:00 (the account's time): a session done, documented after the fact.
const yesterday = subDays(e2eNow(), 1);
const scheduledAt = wallClock(yesterday, 10).toISOString();
let sessionId = '';

const panel = () => page.getByRole('tabpanel');

const api = <T>(method: 'POST' | 'PUT' | 'PATCH', path: string, data: unknown) => apiCall<T>(page, app.url, method, path, data);

async function signOut() {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/auth');
}

async function signIn(who: { email: string; password: string }) {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await panel().getByLabel('Email').fill(who.email);
  await panel().getByLabel('Password', { exact: true }).fill(who.password);
  await panel().getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${app.url}/`);
}

async function openStudentTab(student: string) {
  await page.goto(`${app.url}/sessions/${sessionId}`);
  await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
  await page.getByRole('tab', { name: new RegExp(student) }).click();
}

describe('signed notes in Chromium: an assistant signs a group session, an SLP co-signs, the service log bills it', () => {
  it('sets up a district: an assistant, an SLP, three students in a completed group session the assistant provided', async () => {
    await signUpInBrowser(page, app.url, { firstName: 'Robin', lastName: 'Owner', email: owner.email, password: owner.password });
    const clinical = { canCreateClients: true, canEditClients: true, canCreateSessions: true, canEditSessions: true };
    const slpa = await api<{ id: string }>('POST', '/api/users', {
      user: { firstName: 'Alex', lastName: 'Aide', email: assistant.email, password: assistant.password, role: 'assistant' },
      permissions: clinical,
    });
    const therapist = await api<{ id: string }>('POST', '/api/users', {
      user: { firstName: 'Sasha', lastName: 'Lee', email: slp.email, password: slp.password, role: 'slp' },
      permissions: clinical,
    });
    const colleague = await api<{ id: string }>('POST', '/api/users', {
      user: { firstName: 'Jordan', lastName: 'Park', email: otherSlp.email, password: otherSlp.password, role: 'slp' },
      permissions: clinical,
    });
    const student = (firstName: string, lastInitial: string) =>
      api<{ id: string }>('POST', '/api/clients', {
        firstName,
        lastInitial,
        icd10Codes: ['F80.0'],
        medicaidEligible: true,
        clinicianIds: [slpa.id, therapist.id, colleague.id],
      });
    const [ava, ben, cai] = [await student('Ava', 'S'), await student('Ben', 'T'), await student('Cai', 'W')];
    const session = await api<{ id: string }>('POST', '/api/sessions', { clientIds: [ava.id, ben.id, cai.id], scheduledAt, duration: 30, providerId: slpa.id });
    sessionId = session.id;
    await api('PUT', `/api/sessions/${sessionId}`, { type: 'therapy', clientIds: [ava.id, ben.id, cai.id], scheduledAt, duration: 30, status: 'completed' });
    await api('PATCH', `/api/sessions/${sessionId}/participants/${ava.id}`, { status: 'present' });
    await api('PATCH', `/api/sessions/${sessionId}/participants/${ben.id}`, { status: 'present' });
    await api('PATCH', `/api/sessions/${sessionId}/participants/${cai.id}`, { status: 'absent' });
  });

  it("the owner makes the SLP the assistant's supervisor on the Users page, on a phone (only supervisors co-sign)", async () => {
    const desktop = page.viewportSize()!;
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${app.url}/users`);
    const card = page.getByRole('listitem', { name: 'Alex Aide' });
    await expect.poll(() => card.textContent()).toContain(`Supervising SLPs: ${NO_SUPERVISOR}`);
    await card.getByRole('button', { name: 'Supervisors for Alex Aide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supervising SLPs - Alex Aide' });
    await dialog.getByRole('group', { name: 'SLPs of this district' }).getByText('Sasha Lee').click();
    expect(await dialog.getByLabel('Sasha Lee').isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Supervisors' }).click();
    await expect.poll(() => card.textContent()).toContain('Supervising SLPs: Sasha Lee');
    await page.setViewportSize(desktop);
    await signOut();
  });

  it('the assistant documents and signs each present student; a signed note is locked', async () => {
    await signIn(assistant);
    for (const student of ['Ava S.', 'Ben T.']) {
      await openStudentTab(student);
      const notes = page.getByRole('textbox', { name: `Session notes for ${student}` });
      await notes.click();
      await page.keyboard.type(`${student} produced /s/ in words with 80% accuracy.`);
      await page.getByRole('status', { name: `Session notes for ${student}: Saved` }).waitFor({ timeout: 10_000 });
      const signature = page.getByRole('region', { name: `Signature for ${student}` });
      await signature.getByRole('button', { name: 'Sign note' }).click();
      await page.getByRole('alertdialog', { name: 'Sign note' }).getByRole('button', { name: 'Sign', exact: true }).click();
      await signature.getByText(/^Signed by Alex Aide/).waitFor();
      await signature.getByText('Awaiting co-signature').waitFor();
      // Locked: the editor gives way to the signed text.
      await notes.waitFor({ state: 'detached' });
      await panel().getByText(`${student} produced /s/ in words with 80% accuracy.`).waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await signOut();
  });

  it('another SLP of the district, not a supervisor, sees the note awaiting co-signature without a Co-sign button, and the server refuses', async () => {
    await signIn(otherSlp);
    await page.getByRole('region', { name: 'Awaiting your co-signature' }).getByText('No notes are awaiting your co-signature.').waitFor();
    await openStudentTab('Ava S.');
    const signature = page.getByRole('region', { name: 'Signature for Ava S.' });
    await signature.getByText('Awaiting co-signature').waitFor();
    expect(await signature.getByRole('button', { name: 'Co-sign' }).count()).toBe(0);
    const session = await page.request.get(`${app.url}/api/sessions/${sessionId}`);
    const avaId = ((await session.json()) as { participants: { id: string; firstName: string }[] }).participants.find((p) => p.firstName === 'Ava')!.id;
    const refused = await page.request.post(`${app.url}/api/sessions/${sessionId}/cosign`, { data: { clientId: avaId }, headers: { Origin: app.url } });
    expect([refused.status(), ((await refused.json()) as { message: string }).message]).toEqual([403, 'Only a supervising SLP can co-sign this note']);
    await signOut();
  });

  it('the SLP finds both notes awaiting co-signature on the dashboard and co-signs them', async () => {
    await signIn(slp);
    const awaiting = page.getByRole('region', { name: 'Awaiting your co-signature' });
    await expect.poll(() => awaiting.getByTestId('pending-note').count()).toBe(2);
    for (const student of ['Ava S.', 'Ben T.']) {
      await page.goto(`${app.url}/`);
      await page.getByRole('region', { name: 'Awaiting your co-signature' }).getByRole('link', { name: student }).click();
      await page.getByRole('heading', { level: 1, name: 'Session Details' }).waitFor();
      const signature = page.getByRole('region', { name: `Signature for ${student}` });
      await signature.getByRole('button', { name: 'Co-sign' }).click();
      await page.getByRole('alertdialog', { name: 'Co-sign note' }).getByRole('button', { name: 'Co-sign' }).click();
      await signature.getByText(/^Co-signed by Sasha Lee/).waitFor();
      expect(await signature.getByText('Awaiting co-signature').count()).toBe(0);
    }
    await page.goto(`${app.url}/`);
    await page.getByRole('region', { name: 'Awaiting your co-signature' }).getByText('No notes are awaiting your co-signature.').waitFor();
  });

  it("lists a 92508 line for each present student with both signatures, and exports the district's CSV with the exact header", async () => {
    const day = format(yesterday, 'yyyy-MM-dd');
    await page.goto(`${app.url}/service-log?assignedTo=all&from=${day}&to=${format(e2eNow(), 'yyyy-MM-dd')}`);
    await page.getByRole('heading', { level: 1, name: 'Service log' }).waitFor();
    const lines = page.getByTestId('service-log-line');
    await expect.poll(() => lines.count()).toBe(2);
    for (const student of ['Ava S.', 'Ben T.']) {
      const cells = await lines.filter({ hasText: student }).locator('td').allInnerTexts();
      expect(cells).toContain('92508');
      expect(cells).toContain('F80.0');
      expect(cells.slice(-2)).toEqual(['Yes', 'Yes']);
    }
    expect(await lines.filter({ hasText: 'Cai W.' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // All providers: the whole district's export runs as a background job, then offers its file.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const link = page.getByRole('link', { name: /^Download service-log-.*\.csv$/ });
    await link.waitFor();
    expect(await page.getByText('Export ready · 2 rows').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    // The browser runs in another process (a remote connection): read the file through its stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    const rows = csv.trim().split(/\r?\n/);
    expect(rows[0]).toBe(SERVICE_LOG_CSV_HEADER);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((r) => r.includes('92508'))).toBe(true);
  });
});
