import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/api.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';
import { readPdf as readPdfFile } from '../support/pdf-text.ts';
import { putClient, putGoal, putOrganization, putProgress, putSession, signInChild } from '../support/records.ts';

let owner: Agent;
let ownerId: string;
let accountId: string;

/** The PDF as a reader sees it (pdfjs): its lines of text, in order, over every page. */
async function readPdf(base64: string): Promise<string[]> {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await readPdfFile(bytes)).pages.flatMap((p) => p.lines);
}

/** A date and time as the PDF writes it in the account's zone (New York), e.g. 'March 4, 2024 at 10:05'. */
function inNewYork(instant: string): string {
  const date = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(instant));
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
  return `${date} at ${time}`;
}

/** A completed group session on Monday 4 March 2024, 14:00 UTC (09:00 in New York), two students present, the owner (or `providerId`) providing. */
async function groupSession(organizationId?: string, providerId?: string) {
  const ava = await putClient(accountId, { icd10Codes: ['F80.0', 'F80.89'], medicaidEligible: true, organizationId });
  const ben = await putClient(accountId, { firstName: 'Ben', lastInitial: 'T', organizationId });
  const goal = await putGoal(accountId, ava, { name: 'Produce /r/ in words' });
  const session = await putSession(accountId, { scheduledAt: '2024-03-04T14:00:00.000Z', participants: { [ava.id]: 'present', [ben.id]: 'present' }, createdBy: ownerId, providerId });
  await putProgress(accountId, session, goal, 7, 10);
  return { ava, ben, session };
}

const pdfUrl = (sessionId: string, clientId: string) => `/api/sessions/${sessionId}/notes/${clientId}/pdf`;

beforeAll(async () => {
  const signedUp = await signUpOwner({ firstName: 'Olivia', lastName: 'Owner' });
  owner = signedUp.agent;
  ownerId = signedUp.user.id;
  accountId = signedUp.user.accountId;
});

describe('GET /api/sessions/{id}/notes/{clientId}/pdf', () => {
  it('prints a signed note: the service, the note, the progress, who signed and the addenda in order', async () => {
    const { ava, session } = await groupSession();
    const saved = await owner.post(`/api/sessions/${session.id}/notes`, { clientId: ava.id, notes: '<p>Worked on /r/ &amp; /l/ at word level.</p><ul><li>Cued &lt;r&gt; with a mirror</li></ul>' });
    expect(saved.status).toBe(200);
    const signed = await owner.post(`/api/sessions/${session.id}/sign`, { clientId: ava.id });
    expect(signed.status).toBe(200);
    for (const text of ['Parent called: practice at home daily.', 'Corrected: 7 of 10, not 6.']) {
      expect((await owner.post(`/api/sessions/${session.id}/addenda`, { clientId: ava.id, text })).status).toBe(201);
    }
    const [first, second] = (await owner.get(`/api/sessions/${session.id}/notes`)).body.find((n: { clientId: string }) => n.clientId === ava.id).addenda;

    const res = await owner.get(pdfUrl(session.id, ava.id));
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe('application/pdf');
    expect(res.headers['Content-Disposition']).toBe('attachment; filename="session-note-2024-03-04.pdf"');
    const lines = await readPdf(res.text);
    expect(lines.slice(0, 10)).toEqual([
      'Session note',
      'Student: Ava M.',
      'Date: March 4, 2024',
      'Time: 09:00–09:30 (America/New_York)',
      'Duration: 30 minutes',
      'Session type: Therapy',
      'Provider: Olivia Owner (Speech-Language Pathologist)',
      'Attendance: Present',
      'CPT: 92508 (group of 2)',
      'ICD-10: F80.0; F80.89',
    ]);
    const from = (heading: string) => lines.slice(lines.indexOf(heading));
    expect(from('Note').slice(0, 4)).toEqual(['Note', 'Worked on /r/ & /l/ at word level.', '• Cued <r> with a mirror', 'Progress']);
    expect(from('Progress').slice(0, 2)).toEqual(['Progress', '• Produce /r/ in words: 7/10 (70%)']);
    expect(from('Signatures')).toEqual([
      'Signatures',
      `Signed by Olivia Owner (Speech-Language Pathologist) on ${inNewYork(signed.body.signature.at)}`,
      'Addenda',
      `Addendum by Olivia Owner on ${inNewYork(first.at)}:`,
      'Parent called: practice at home daily.',
      `Addendum by Olivia Owner on ${inNewYork(second.at)}:`,
      'Corrected: 7 of 10, not 6.',
      'Page 1 of 1',
    ]);
  });

  it("says who must still co-sign an assistant's note, and who did", async () => {
    // The assistant provides and signs; the owner, an SLP, supervises it and co-signs.
    const assistant = await createChild(owner, { canEditSessions: true });
    expect((await owner.put(`/api/users/${assistant.id}/supervisors`, { supervisorIds: [ownerId] })).status).toBe(200);
    const { ava, session } = await groupSession(undefined, assistant.id);
    expect((await assistant.agent.post(`/api/sessions/${session.id}/notes`, { clientId: ava.id, notes: '<p>Group turn-taking.</p>' })).status).toBe(200);
    const signed = await assistant.agent.post(`/api/sessions/${session.id}/sign`, { clientId: ava.id });
    expect(signed.status).toBe(200);
    expect(await readPdf((await owner.get(pdfUrl(session.id, ava.id))).text)).toEqual(
      expect.arrayContaining([`Signed by Casey Child (Assistant) on ${inNewYork(signed.body.signature.at)}`, 'Awaiting co-signature']),
    );

    const cosigned = await owner.post(`/api/sessions/${session.id}/cosign`, { clientId: ava.id });
    expect(cosigned.status).toBe(200);
    const lines = await readPdf((await assistant.agent.get(pdfUrl(session.id, ava.id))).text);
    expect(lines).toContain(`Signed by Casey Child (Assistant) on ${inNewYork(signed.body.signature.at)}`);
    expect(lines).toContain(`Co-signed by Olivia Owner (Speech-Language Pathologist) on ${inNewYork(cosigned.body.cosignature.at)}`);
    expect(lines).not.toContain('Awaiting co-signature');
  });

  it('prints an unsigned note, and a student without a note row, as "Unsigned"; an individual session bills 92507', async () => {
    const { ben, session } = await groupSession();
    const lines = await readPdf((await owner.get(pdfUrl(session.id, ben.id))).text);
    expect(lines).toEqual(expect.arrayContaining(['Student: Ben T.', 'ICD-10: None recorded', 'No note was written.', 'No progress recorded.', 'Unsigned']));
    expect(lines).not.toContain('Awaiting co-signature');

    const solo = await putClient(accountId, { firstName: 'Cleo' });
    const individual = await putSession(accountId, { scheduledAt: '2024-03-05T15:00:00.000Z', participants: { [solo.id]: 'present' }, createdBy: ownerId });
    expect(await readPdf((await owner.get(pdfUrl(individual.id, solo.id))).text)).toContain('CPT: 92507 (individual)');
  });

  it('prints an Arabic name with its initial in order; a note with a character no font has answers 422, never a box', async () => {
    const student = await putClient(accountId, { firstName: 'محمد', lastInitial: 'ع' });
    const session = await putSession(accountId, { scheduledAt: '2024-03-06T15:00:00.000Z', participants: { [student.id]: 'present' }, createdBy: ownerId });
    const printed = await owner.get(pdfUrl(session.id, student.id));
    expect(printed.status).toBe(200);
    expect(await readPdf(printed.text)).toContain('Student: محمد ع.');

    expect((await owner.post(`/api/sessions/${session.id}/notes`, { clientId: student.id, notes: '<p>Great work today 😀</p>' })).status).toBe(200);
    const refused = await owner.get(pdfUrl(session.id, student.id));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'This report contains characters Caseload cannot print yet' });
  });

  it('answers 404 to another tenant, to a user outside the client\'s organization, and for a client not in the session', async () => {
    const org = await putOrganization(accountId, 'Oak Middle');
    const { ava, session } = await groupSession(org.id);
    expect((await owner.get(pdfUrl(session.id, ava.id))).status).toBe(200);

    const stranger = (await signUpOwner()).agent;
    const strangers = await stranger.get(pdfUrl(session.id, ava.id));
    expect(strangers.status).toBe(404);
    expect(strangers.headers['Content-Type']).not.toBe('application/pdf');

    const elsewhere = await putOrganization(accountId, 'Elm High');
    const outsider = (await signInChild(accountId, { allowedOrganizationIds: [elsewhere.id] })).agent;
    expect((await outsider.get(pdfUrl(session.id, ava.id))).status).toBe(404);

    const other = await putClient(accountId, { organizationId: org.id });
    expect((await owner.get(pdfUrl(session.id, other.id))).status).toBe(404);
  });
});
