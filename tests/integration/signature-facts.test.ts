/**
 * Signed means frozen (part 4 §1.4): signing copies the service facts into the signature, and the
 * service log, its CSV and the signed-note PDF read that copy, so editing the client (name, ICD-10
 * codes) or its goal afterwards never rewrites a signed line. Over the real handlers and DynamoDB
 * Local; the account is in New York (the default zone).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../packages/core/src/db.ts';
import type { ClientItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { backfillSignatureFacts } from '../../packages/core/src/signatures/migrate-facts.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { readPdf } from '../support/pdf-text.ts';
import { putGoal, putProgress, putSession } from '../support/records.ts';

let owner: Agent;
let ownerId: string;
let accountId: string;
let orgId: string;

beforeAll(async () => {
  const signedUp = await signUpOwner({ firstName: 'Olivia', lastName: 'Owner' });
  owner = signedUp.agent;
  ownerId = signedUp.user.id;
  accountId = signedUp.user.accountId;
  orgId = expectStatus(await owner.post('/api/organizations', { name: 'Alder Elementary', type: 'school' }), 201).id;
});

const clientBody = (firstName: string, lastInitial: string, icd10Codes: string[]) => ({ firstName, lastInitial, organizationId: orgId, status: 'active', icd10Codes, medicaidEligible: true });

/**
 * Ava (F80.0) and Ben present in a completed group session on `date` at 09:00 New York (14:00 UTC),
 * the owner providing; Ava's goal has 7 of 10 in it.
 */
async function groupSession(date: string) {
  const ava = expectStatus(await owner.post('/api/clients', clientBody('Ava', 'M', ['F80.0'])), 201) as ClientItem;
  const ben = expectStatus(await owner.post('/api/clients', clientBody('Ben', 'T', [])), 201) as ClientItem;
  const goal = await putGoal(accountId, { ...ava, accountId, organizationId: orgId }, { name: 'Produce /r/ in words' });
  const session = await putSession(accountId, { scheduledAt: `${date}T14:00:00.000Z`, participants: { [ava.id]: 'present', [ben.id]: 'present' }, providerId: ownerId });
  await putProgress(accountId, session, goal, 7, 10);
  return { ava, ben, goal, session };
}

/** Renames Ava, replaces her codes and renames her goal: what must not reach a signed line. */
async function editAfterSigning(ava: ClientItem, goal: Awaited<ReturnType<typeof groupSession>>['goal']) {
  expectStatus(await owner.put(`/api/clients/${ava.id}`, clientBody('Renamed', 'Z', ['R47.1'])), 200);
  await putGoal(accountId, { ...ava, accountId, organizationId: orgId }, { id: goal.id, name: 'A renamed goal' });
}

const logQuery = (date: string) => `from=${date}&to=${date}&assignedTo=all`;

describe('signature.facts', () => {
  it('copies the service at signing; the service log, its CSV and the PDF keep it after the client and goal are edited', async () => {
    const date = '2024-03-04';
    const { ava, ben, goal, session } = await groupSession(date);
    expectStatus(await owner.post(`/api/sessions/${session.id}/sign`, { clientId: ava.id }), 200);

    const facts = {
      date,
      start: '09:00',
      end: '09:30',
      timeZone: 'America/New_York',
      minutes: 30,
      sessionType: 'therapy',
      providerId: ownerId,
      provider: 'Olivia Owner',
      providerRole: 'slp',
      student: 'Ava M.',
      attendance: 'present',
      studentsPresent: 2,
      cpt: '92508',
      icd10Codes: ['F80.0'],
      goals: [{ goalId: goal.id, name: 'Produce /r/ in words', successfulAttempts: 7, totalAttempts: 10 }],
    };
    const notes = expectStatus(await owner.get(`/api/sessions/${session.id}/notes`), 200) as { clientId: string; signature?: { facts?: unknown } }[];
    expect(notes.find((n) => n.clientId === ava.id)?.signature?.facts).toEqual(facts);

    await editAfterSigning(ava, goal);

    const lines = expectStatus(await owner.get(`/api/service-log?${logQuery(date)}`), 200) as { clientId: string; student: string; icd10Codes: string[]; cpt: string }[];
    expect(lines.find((l) => l.clientId === ava.id)).toMatchObject({ student: 'Ava M.', icd10Codes: ['F80.0'], cpt: '92508', start: '09:00', end: '09:30', signed: true });
    // Ben's note is unsigned: his line is live, as before.
    expect(lines.find((l) => l.clientId === ben.id)).toMatchObject({ student: 'Ben T.', signed: false });

    const csv = await owner.get(`/api/service-log/export?${logQuery(date)}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('"2024-03-04","Ava M.","Olivia Owner","Speech-Language Pathologist","09:00","09:30","30","2","92508","F80.0","Therapy","yes","not needed"');
    expect(csv.text).not.toContain('Renamed');

    const pdf = await owner.get(`/api/sessions/${session.id}/notes/${ava.id}/pdf`);
    expect(pdf.status).toBe(200);
    const text = (await readPdf(Buffer.from(pdf.body as string, 'base64'))).text;
    expect(text).toContain('Student: Ava M.');
    expect(text).toContain('ICD-10: F80.0');
    expect(text).toContain('Produce /r/ in words: 7/10 (70%)');
    expect(text).not.toMatch(/Renamed|R47\.1|A renamed goal/);
  });

  it('a signature from before the copy reads the live records until the migration gives it facts', async () => {
    const date = '2024-03-05';
    const { ava, goal, session } = await groupSession(date);
    expectStatus(await owner.post(`/api/sessions/${session.id}/sign`, { clientId: ava.id }), 200);
    // As signed by an earlier version: a signature without facts.
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.sessionNote(accountId, session.id, ava.id), UpdateExpression: 'REMOVE #s.#f', ExpressionAttributeNames: { '#s': 'signature', '#f': 'facts' } }),
    );
    const line = async () => ((await owner.get(`/api/service-log?${logQuery(date)}`)).body as { clientId: string; student: string }[]).find((l) => l.clientId === ava.id);
    expect(await line()).toMatchObject({ student: 'Ava M.', signed: true });

    expect(await backfillSignatureFacts(accountId)).toBe(1);
    expect(await backfillSignatureFacts(accountId)).toBe(0);
    await editAfterSigning(ava, goal);
    expect(await line()).toMatchObject({ student: 'Ava M.', icd10Codes: ['F80.0'] });
    const notes = expectStatus(await owner.get(`/api/sessions/${session.id}/notes`), 200) as { clientId: string; signature?: { facts?: { student: string } } }[];
    expect(notes.find((n) => n.clientId === ava.id)?.signature?.facts).toMatchObject({ student: 'Ava M.', cpt: '92508' });
  });
});
