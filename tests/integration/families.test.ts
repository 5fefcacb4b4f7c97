/**
 * Families (part 4 §6): a delivered progress note shared by link and code. Every share rule over
 * the real handlers and DynamoDB Local: delivery first, the code shown once, wrong codes (in
 * parallel too) ending the share at the fifth, a right code not resetting the count, expiry on a
 * moved clock, revoking, other accounts, and the token and the family's cookie reaching nothing
 * but the share's own report.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_NOT_AVAILABLE, LINK_ENDED, NOT_A_REPORT_LANGUAGE, NOTE_NOT_DELIVERED, TRANSLATION_NOT_REVIEWED, WRONG_CODE } from '../../packages/contract/src/families.ts';
import { recentAudit } from '../../packages/core/src/audit.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { getShareItem } from '../../packages/core/src/families/repo.ts';
import { setNoteGenerator } from '../../packages/core/src/notes/generator.ts';
import { NO_LOCAL_TRANSLATION, UNGROUNDED_TRANSLATION } from '../../packages/core/src/notes/translation-generator.ts';
import { getNoteItem } from '../../packages/core/src/notes/repo.ts';
import { SESSION_COOKIE } from '../../packages/core/src/auth/login-sessions.ts';
import { FAMILY_COOKIE } from '../../packages/core/src/families/visit-cookie.ts';
import { Agent } from '../support/api.ts';
import { createChild, signIn, signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { readPdf } from '../support/pdf-text.ts';
import { putClient, putGoal, recordSession } from '../support/records.ts';

const MARCH = { reportingPeriodStart: '2024-03-01', reportingPeriodEnd: '2024-03-31' };

let owner: Agent;
let ownerEmail: string;
let accountId: string;
let other: Agent;

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  ownerEmail = signedUp.email;
  accountId = signedUp.user.accountId;
  other = (await signUpOwner()).agent;
});

afterEach(() => testClock.reset());

/** A client with one goal and two sessions of data in March, and the March note (delivered unless told). */
async function noteOf(firstName: string, deliver = true) {
  const client = await putClient(accountId, { firstName });
  const goal = await putGoal(accountId, client, { name: 'Produce /r/ in words', createdAt: '2024-01-01T00:00:00.000Z' });
  await recordSession(accountId, client, '2024-03-04T14:00:00.000Z', [[goal, 6, 10]]);
  await recordSession(accountId, client, '2024-03-11T14:00:00.000Z', [[goal, 8, 10]]);
  const note = expectStatus(await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH), 201) as { id: string };
  if (deliver) expectStatus(await owner.patch(`/api/progress-notes/${note.id}`, { status: 'delivered' }), 200);
  return { client, goal, noteId: note.id };
}

interface Shared {
  noteId: string;
  id: string;
  url: string;
  code: string;
  expiresAt: string;
  token: string;
  family: Agent;
}

async function share(noteId: string, body: object = {}): Promise<Shared> {
  const created = expectStatus(await owner.post(`/api/progress-notes/${noteId}/shares`, body), 201) as Omit<Shared, 'token' | 'family' | 'noteId'>;
  const token = decodeURIComponent(new URL(created.url).pathname.replace('/family/', ''));
  return { ...created, noteId, token, family: new Agent() };
}

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const unlock = (s: Shared, code = s.code, agent = s.family) => agent.post(`/api/family/${s.token}/unlock`, { code });
const report = (s: Shared, agent = s.family, query = '') => agent.get(`/api/family/${s.token}/report${query}`);
const getNote = async (noteId: string) => (await getNoteItem(accountId, noteId))!;
const listShares = (noteId: string) => owner.get(`/api/progress-notes/${noteId}/shares`);

describe('sharing a delivered note', () => {
  it('shares only a delivered note, with a 14-day link and a 6-digit code shown once', async () => {
    const open = await noteOf('Una', false);
    const refused = await owner.post(`/api/progress-notes/${open.noteId}/shares`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NOTE_NOT_DELIVERED);

    const { noteId } = await noteOf('Ava');
    const before = Date.now();
    const s = await share(noteId);
    expect(s.code).toMatch(/^\d{6}$/);
    expect(s.url).toMatch(/^http:\/\/localhost:3000\/family\/[0-9a-f-]{36}_[0-9a-f-]{36}_[A-Za-z0-9_-]{22}$/);
    const days = (Date.parse(s.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    // Stored as hashes only: neither the link's secret nor the code is in the item.
    const stored = await getShareItem(accountId, s.id);
    const secret = s.token.slice(74);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(`"${s.code}"`);

    // The list never shows the link or the code again.
    const list = expectStatus(await listShares(noteId), 200);
    expect(list).toEqual([{ id: s.id, expiresAt: s.expiresAt, viewedAt: null, acknowledgedAt: null, acknowledgedBy: null, revoked: false }]);
  });

  it('answers 401 before the code, then the report, its PDF and the acknowledgement; the clinician sees Viewed and Acknowledged', async () => {
    const { noteId } = await noteOf('Bea');
    const s = await share(noteId);
    expect((await report(s)).status).toBe(401);
    expect((await s.family.get(`/api/family/${s.token}/report.pdf`)).status).toBe(401);
    expect((await s.family.post(`/api/family/${s.token}/acknowledge`, { name: 'Pat' })).status).toBe(401);

    const opened = await unlock(s);
    expect(opened.status).toBe(200);
    const cookie = opened.cookies.find((c) => c.startsWith(`${FAMILY_COOKIE}=`))!;
    expect(cookie).toContain(`Path=/api/family/${s.token}`);
    expect(cookie).toContain('Max-Age=1800');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');

    const json = expectStatus(await report(s), 200);
    expect(json).toMatchObject({
      client: { firstName: 'Bea', lastInitial: expect.any(String) },
      period: { start: '2024-03-01', end: '2024-03-31' },
      school: null,
      district: 'Maple District',
      preparedBy: 'Olivia Owner',
      goals: [{ name: 'Produce /r/ in words', status: 'progressing', chart: { points: [{ accuracy: 60 }, { accuracy: 80 }] } }],
      language: 'en',
      translatedBy: null,
      acknowledgedAt: null,
    });
    expect(json.note).toContain('<p>');

    const pdf = await s.family.get(`/api/family/${s.token}/report.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['Content-Type']).toBe('application/pdf');
    // In English, the very report the clinician downloads.
    const clinicians = await owner.get(`/api/progress-notes/${noteId}/pdf`);
    expect(pdf.text).toBe(clinicians.text);
    expect((await readPdf(Buffer.from(pdf.text, 'base64'))).text).toContain('Produce /r/ in words');

    const blank = await s.family.post(`/api/family/${s.token}/acknowledge`, { name: '  ' });
    expect(blank.status).toBe(400);
    const ack = expectStatus(await s.family.post(`/api/family/${s.token}/acknowledge`, { name: 'Pat Parent' }), 200);
    expect(ack.acknowledgedBy).toBe('Pat Parent');
    const [listed] = expectStatus(await listShares(noteId), 200);
    expect(listed).toMatchObject({ viewedAt: expect.any(String), acknowledgedAt: ack.acknowledgedAt, acknowledgedBy: 'Pat Parent', revoked: false });

    // Every view and acknowledgement is in the account's audit log, with no content.
    const actions = (await recentAudit(accountId, { limit: 50 })).filter((e) => e.entityId === noteId).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['family_share.create', 'family_share.unlock', 'family_share.view', 'family_share.acknowledge']));
    expect(actions.filter((a) => a === 'family_share.view').length).toBe(2);
  });

  it('picks the language: another code is 400, a language without a reviewed translation is 409', async () => {
    const { noteId } = await noteOf('Cy');
    const s = await share(noteId);
    expectStatus(await unlock(s), 200);
    const unknown = await report(s, s.family, '?lang=fr');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(LANGUAGE_NOT_AVAILABLE);
    const unreviewed = await report(s, s.family, '?lang=es');
    expect(unreviewed.status).toBe(409);
    expect(unreviewed.body.message).toBe(TRANSLATION_NOT_REVIEWED);
    expect((await s.family.get(`/api/family/${s.token}/report.pdf?lang=es`)).status).toBe(409);

    const spanish = await owner.post(`/api/progress-notes/${noteId}/shares`, { language: 'es' });
    expect(spanish.status).toBe(409);
    expect(spanish.body.message).toBe(TRANSLATION_NOT_REVIEWED);
    const klingon = await owner.post(`/api/progress-notes/${noteId}/shares`, { language: 'tlh' });
    expect(klingon.status).toBe(400);
    expect(klingon.body.message).toBe(NOT_A_REPORT_LANGUAGE);
  });
});

describe('the code', () => {
  it('ends the share at the fifth wrong code, which already answers 410; a right code does not reset the count', async () => {
    const { noteId } = await noteOf('Dee');
    const s = await share(noteId);
    const wrong = wrongCodeOf(s.code);
    for (let i = 0; i < 3; i++) {
      const r = await unlock(s, wrong);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(WRONG_CODE);
    }
    expectStatus(await unlock(s), 200);
    expect((await unlock(s, wrong)).status).toBe(400);
    const fifth = await unlock(s, wrong);
    expect(fifth.status).toBe(410);
    expect(fifth.body.message).toBe(LINK_ENDED);
    // Ended for everyone, the right code and the visit already open too.
    expect((await unlock(s)).status).toBe(410);
    expect((await report(s)).status).toBe(410);
    expect((await getShareItem(accountId, s.id))?.wrongCodes).toBe(5);
  });

  it('never counts past five wrong codes sent at once', async () => {
    const { noteId } = await noteOf('Eli');
    const s = await share(noteId);
    const wrong = wrongCodeOf(s.code);
    const answers = await Promise.all(Array.from({ length: 12 }, () => unlock(s, wrong, new Agent())));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 400).length).toBe(4);
    expect(statuses.filter((x) => x === 410).length).toBe(8);
    expect((await getShareItem(accountId, s.id))?.wrongCodes).toBe(5);
    expect((await unlock(s)).status).toBe(410);
  });
});

describe('the end of a share', () => {
  it('expires after 14 days, and a visit after 30 minutes', async () => {
    const { noteId } = await noteOf('Fin');
    const s = await share(noteId);
    expectStatus(await unlock(s), 200);
    testClock.advance(31 * 60 * 1000);
    // The visit is over: the code again opens a new one.
    expect((await report(s)).status).toBe(401);
    expectStatus(await unlock(s), 200);
    expectStatus(await report(s), 200);

    testClock.advance(14 * 86_400_000);
    const late = new Agent();
    const ended = await unlock(s, s.code, late);
    expect(ended.status).toBe(410);
    expect(ended.body.message).toBe(LINK_ENDED);
    testClock.reset();
    // Listed as it was, with its expiry.
    const again = (await signIn(ownerEmail)).agent;
    expect((await again.get(`/api/progress-notes/${noteId}/shares`)).status).toBe(200);
  });

  it('ends at once when revoked, an open visit too; another note cannot revoke it', async () => {
    const { noteId } = await noteOf('Gus');
    const elsewhere = await noteOf('Hal');
    const s = await share(noteId);
    expectStatus(await unlock(s), 200);
    expect((await owner.delete(`/api/progress-notes/${elsewhere.noteId}/shares/${s.id}`)).status).toBe(404);
    const revoked = expectStatus(await owner.delete(`/api/progress-notes/${noteId}/shares/${s.id}`), 200);
    expect(revoked.revoked).toBe(true);
    expect((await report(s)).status).toBe(410);
    expect((await s.family.get(`/api/family/${s.token}/report.pdf`)).status).toBe(410);
    expect((await s.family.post(`/api/family/${s.token}/acknowledge`, { name: 'Pat' })).status).toBe(410);
    expect((await unlock(s, s.code, new Agent())).status).toBe(410);
    expect((await listShares(noteId)).body[0].revoked).toBe(true);
  });
});

describe('what a link reaches', () => {
  it("keeps other accounts out of a note's shares, and a token naming another account or share finds nothing", async () => {
    const { noteId } = await noteOf('Ivy');
    const s = await share(noteId);
    expect((await other.post(`/api/progress-notes/${noteId}/shares`, {})).status).toBe(404);
    expect((await other.get(`/api/progress-notes/${noteId}/shares`)).status).toBe(404);
    expect((await other.delete(`/api/progress-notes/${noteId}/shares/${s.id}`)).status).toBe(404);
    expect((await getShareItem(accountId, s.id))?.revoked).toBe(false);

    const shareId = s.token.slice(37, 73);
    const secret = s.token.slice(74);
    const otherAccount = crypto.randomUUID();
    expect((await new Agent().post(`/api/family/${otherAccount}.${shareId}.${secret}/unlock`, { code: s.code })).status).toBe(404);
    // The right ids with a guessed secret: not found, and no wrong code counted.
    const guessed = `${accountId}_${shareId}_${'A'.repeat(22)}`;
    expect((await new Agent().post(`/api/family/${guessed}/unlock`, { code: s.code })).status).toBe(404);
    expect((await new Agent().post('/api/family/not-a-token/unlock', { code: s.code })).status).toBe(404);
    expect((await getShareItem(accountId, s.id))?.wrongCodes).toBe(0);
  });

  it("gives the family's cookie nothing but its own share's report", async () => {
    const { noteId } = await noteOf('Jay');
    const otherNote = await noteOf('Kim');
    const s = await share(noteId);
    const t = await share(otherNote.noteId);
    expectStatus(await unlock(s), 200);
    const visit = s.family.jar.get(FAMILY_COOKIE)!;
    expect(visit).toBeTruthy();

    // The test agent sends every cookie everywhere (a browser would not): the routes refuse it.
    for (const path of ['/api/user', '/api/clients', `/api/progress-notes/${noteId}/shares`, `/api/progress-notes/${noteId}/pdf`, '/api/dashboard/stats']) {
      expect((await s.family.get(path)).status, path).toBe(401);
    }
    expect((await s.family.post(`/api/progress-notes/${noteId}/shares`, {})).status).toBe(401);
    // Nor as a login session's cookie.
    const forged = new Agent();
    forged.jar.set(SESSION_COOKIE, visit);
    expect((await forged.get('/api/user')).status).toBe(401);
    forged.jar.set(SESSION_COOKIE, `${accountId}.${s.id}.${visit}`);
    expect((await forged.get('/api/user')).status).toBe(401);
    // Nor on another share's link.
    expect((await report(t, s.family)).status).toBe(401);
    // A clinician's cookie opens no family report; the family needs none.
    expect((await report(s, owner)).status).toBe(401);
    expect(s.family.jar.has(SESSION_COOKIE)).toBe(false);
    expectStatus(await report(s), 200);
  });

  it('lets a user without the progress-note right neither share, list nor revoke', async () => {
    const { noteId } = await noteOf('Lou');
    const s = await share(noteId);
    const child = await createChild(owner, { canEditProgressNotes: false });
    expect((await child.agent.post(`/api/progress-notes/${noteId}/shares`, {})).status).toBe(403);
    expect((await child.agent.get(`/api/progress-notes/${noteId}/shares`)).status).toBe(403);
    expect((await child.agent.delete(`/api/progress-notes/${noteId}/shares/${s.id}`)).status).toBe(403);
  });
});

describe('the note in the family’s language', () => {
  it('shares and shows a translation only once a clinician reviewed it, and says who reviewed it', async () => {
    const { noteId } = await noteOf('Mae');
    const undelivered = await noteOf('Ned', false);
    expect((await owner.post(`/api/progress-notes/${undelivered.noteId}/translations`, { language: 'es', text: '<p>Hola</p>' })).status).toBe(409);

    // The local generator drafts no translation, and says so.
    const none = await owner.post(`/api/progress-notes/${noteId}/translations`, { language: 'es' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(NO_LOCAL_TRANSLATION);
    expect((await owner.post(`/api/progress-notes/${noteId}/translations`, { language: 'en', text: '<p>x</p>' })).status).toBe(400);

    const draft = expectStatus(await owner.post(`/api/progress-notes/${noteId}/translations`, { language: 'es', text: '<p>Mae practicó cada semana.</p>' }), 201);
    expect(draft).toMatchObject({ language: 'es', draftedBy: 'clinician', reviewedBy: null, reviewedAt: null });
    const early = await owner.post(`/api/progress-notes/${noteId}/shares`, { language: 'es' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(TRANSLATION_NOT_REVIEWED);
    const english = await share(noteId);
    expectStatus(await unlock(english), 200);
    expect((await report(english, english.family, '?lang=es')).status).toBe(409);

    const reviewed = expectStatus(await owner.put(`/api/progress-notes/${noteId}/translations/es`, { text: '<p>Mae practicó cada semana, con 2 sesiones.</p>', reviewed: true }), 200);
    expect(reviewed).toMatchObject({ reviewedBy: 'Olivia Owner', reviewedAt: expect.any(String) });
    const s = await share(noteId, { language: 'es' });
    expectStatus(await unlock(s), 200);
    const json = expectStatus(await report(s), 200);
    expect(json).toMatchObject({ language: 'es', languages: ['en', 'es'], note: '<p>Mae practicó cada semana, con 2 sesiones.</p>', translatedBy: { name: 'Olivia Owner', at: reviewed.reviewedAt } });
    // The English link may read it in Spanish now, and the Spanish one in English.
    expect((await report(english, english.family, '?lang=es')).status).toBe(200);
    expect((await report(s, s.family, '?lang=en')).body.language).toBe('en');

    const pdf = await s.family.get(`/api/family/${s.token}/report.pdf`);
    expect(pdf.status).toBe(200);
    const text = (await readPdf(Buffer.from(pdf.text, 'base64'))).text;
    expect(text).toContain('Informe de progreso');
    expect(text).toContain('Estado: Avanzando');
    expect(text).toContain('Traducido del inglés, revisado por Olivia Owner el');
    expect(text).toContain('Mae practicó cada semana');
    expect(text).not.toMatch(/\b(Progressing|Mastered|Not yet|Status:)/);
  });

  it('has the AI draft a translation whose numbers are the English note’s, refusing one that invents a number', async () => {
    const { noteId } = await noteOf('Ona');
    const english = (await owner.get(`/api/clients/${(await getNote(noteId)).clientId}/progress-notes`)).body.find((n: { id: string }) => n.id === noteId).content as string;
    const numbers = [...english.replace(/<[^>]+>/g, ' ').matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => m[0]);
    let invent = true;
    setNoteGenerator({
      varies: true,
      generate: () => Promise.reject(new Error('not used')),
      translate: async () => `<p>Ona trabajó: ${invent ? '97' : numbers.join(', ')}.</p>`,
    });
    try {
      const refused = await owner.post(`/api/progress-notes/${noteId}/translations`, { language: 'vi' });
      expect(refused.status).toBe(502);
      expect(refused.body.message).toBe(UNGROUNDED_TRANSLATION);
      invent = false;
      const drafted = expectStatus(await owner.post(`/api/progress-notes/${noteId}/translations`, { language: 'vi' }), 201);
      expect(drafted).toMatchObject({ draftedBy: 'ai', reviewedAt: null });
    } finally {
      setNoteGenerator(undefined);
    }
    // A draft is not shared until reviewed.
    expect((await owner.post(`/api/progress-notes/${noteId}/shares`, { language: 'vi' })).status).toBe(409);
  });
});

describe("the client's home language", () => {
  it('is one of the report languages, and a share defaults to it', async () => {
    const org = expectStatus(await owner.post('/api/organizations', { name: `Lang ${crypto.randomUUID().slice(0, 6)}`, type: 'school' }), 201) as { id: string };
    const base = { firstName: 'Rosa', lastInitial: 'L', organizationId: org.id, status: 'active' };
    const refused = await owner.post('/api/clients', { ...base, homeLanguage: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_A_REPORT_LANGUAGE);
    const client = expectStatus(await owner.post('/api/clients', { ...base, homeLanguage: 'es' }), 201) as { id: string; homeLanguage: string };
    expect(client.homeLanguage).toBe('es');
    expect((await owner.get(`/api/clients/${client.id}`)).body.homeLanguage).toBe('es');

    const note = expectStatus(await owner.post(`/api/clients/${client.id}/generate-progress-note`, MARCH), 201) as { id: string };
    expectStatus(await owner.patch(`/api/progress-notes/${note.id}`, { status: 'delivered' }), 200);
    // Shared in Spanish by default: refused until a reviewed Spanish translation exists.
    expect((await owner.post(`/api/progress-notes/${note.id}/shares`, {})).body.message).toBe(TRANSLATION_NOT_REVIEWED);
    expectStatus(await owner.put(`/api/progress-notes/${note.id}/translations/es`, { text: '<p>Rosa trabajó.</p>', reviewed: true }), 200);
    const s = await share(note.id);
    expectStatus(await unlock(s), 200);
    expect((await report(s)).body.language).toBe('es');
  });
});
