import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIX_ORGS_FIRST, NOT_ONEROSTER, ROSTER_ENTRY_TAKEN, ROSTER_MANAGERS_ONLY, ROSTER_TOO_LARGE, MAX_ROSTER_BYTES } from '../../packages/contract/src/roster.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { db } from '../../packages/core/src/db.ts';
import { whenJobsIdle } from '../../packages/core/src/jobs/dispatch.ts';
import { localRosterDir } from '../../packages/core/src/roster/storage.ts';
import { rosterEntryId } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { createChild, signIn, signUpOwner, PASSWORD } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { applied, csv, manifest, ORGS, previewed, SESSIONS, startPreview, stopUploadServer, upload, USERS_11, zip } from '../support/oneroster.ts';

/**
 * Roster import (part 4 §3) over the real routes, the real local upload route and DynamoDB Local,
 * with OneRoster zips built here: a district of 300 students in three schools with names in
 * several scripts, then a second bulk file, a returning student, a delta file, staff switched off,
 * every bad input of §3, and a search of the whole table for what must never be stored.
 */
const FIRST = ['José', 'Zoë', 'Иван', 'Мария', 'محمد', 'فاطمة', '李娜', '王伟', 'अनन्या', 'Σοφία', 'Nguyễn', 'Siobhán'];
const FAMILY = ['Álvarez', 'Brontë', 'Жуковская', 'Иванов', 'الحسن', 'العلي', '李', '王', 'शर्मा', 'Παπαδοπούλου', 'Ngô', "O'Brien, Jr"];
const GRADES = ['PK', 'KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', 'Other'];
const SCHOOLS = ['school-a', 'school-b', 'school-c'];
/** What a student row carries that must never reach the table: markers unique to this file. */
// Phones in a form no id can hold: '555-01' can sit at a dash of a random UUID ('…c555-01ab-…',
// about 1 in 10^6 per dash that may hold it), and the scan below reads thousands of ids.
const SECRETS = ['Famq', '@kids.test', 'Secret-pass', '(555) 01', '(555) 02', 'Middlename', 'guardian-'];

let owner: Agent;
let ownerEmail: string;
let accountId: string;
let colleague: { email: string; id: string; agent: Agent };
let aide: { email: string; id: string };

const student = (i: number, extra: Record<string, string> = {}) => ({
  sourcedId: `stu-${i}`,
  status: 'active',
  enabledUser: 'true',
  // The district first: the school is the first reference that is an imported school.
  orgSourcedIds: i % 4 === 0 ? `district-1,${SCHOOLS[i % 3]}` : SCHOOLS[i % 3]!,
  role: 'student',
  username: `s${i}`,
  givenName: FIRST[i % FIRST.length]!,
  familyName: `${FAMILY[i % FAMILY.length]}Famq${i}z`,
  middleName: `Middlename${i}`,
  identifier: `ID${i}`,
  email: `student${i}@kids.test`,
  sms: `(555) 02${i}`,
  phone: `(555) 01${i}`,
  agentSourcedIds: `guardian-${i}`,
  grades: GRADES[i % GRADES.length]!,
  password: `Secret-pass-${i}`,
  ...extra,
});
const staff = (id: string, email: string, extra: Record<string, string> = {}) => ({ sourcedId: id, status: 'active', enabledUser: 'true', orgSourcedIds: 'school-a', role: 'teacher', givenName: 'Terry', familyName: 'Teacher', email, ...extra });
const guardian = { sourcedId: 'guardian-1', status: 'active', enabledUser: 'true', orgSourcedIds: 'district-1', role: 'guardian', givenName: 'Gail', familyName: 'Guardian', email: 'guardian-1@home.test' };

const orgRows: Record<string, string>[] = [
  { sourcedId: 'district-1', status: 'active', name: 'Maple District', type: 'district', identifier: 'D1' },
  { sourcedId: 'school-a', status: 'active', name: 'Alder Elementary', type: 'school', identifier: '101', parentSourcedId: 'district-1' },
  { sourcedId: 'school-b', status: 'active', name: 'Birch Middle, North', type: 'school', identifier: '102', parentSourcedId: 'district-1' },
  { sourcedId: 'school-c', status: 'active', name: 'Cedar High', type: 'school', identifier: '103', parentSourcedId: 'district-1' },
];
const sessionRows: Record<string, string>[] = [
  { sourcedId: 'y2026', status: 'active', title: '2026-2027', type: 'schoolYear', startDate: '2026-08-24', endDate: '2027-06-11', schoolYear: '2027' },
  { sourcedId: 't1', status: 'active', title: 'Fall', type: 'term', startDate: '2026-08-24', endDate: '2026-12-18', parentSourcedId: 'y2026', schoolYear: '2027' },
];

function district(students: number[], staffRows: Record<string, string>[], opts: { users?: 'bulk' | 'delta'; extraStudents?: Record<string, string>[] } = {}) {
  const users = [...students.map((i) => student(i)), ...(opts.extraStudents ?? []), ...staffRows, guardian];
  return zip({
    'manifest.csv': manifest({ orgs: opts.users === 'delta' ? 'absent' : 'bulk', users: opts.users ?? 'bulk', academicSessions: 'bulk' }),
    'orgs.csv': csv(ORGS, opts.users === 'delta' ? [] : orgRows),
    'users.csv': csv(USERS_11, users),
    'academicSessions.csv': csv(SESSIONS, sessionRows),
    'demographics.csv': csv(['sourcedId', 'birthDate', 'sex'], students.map((i) => ({ sourcedId: `stu-${i}`, birthDate: '2015-01-01', sex: 'female' }))),
  });
}

const ALL = Array.from({ length: 300 }, (_, i) => i);
let staffRows: Record<string, string>[];

async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The account's schools, roster entries, clients and users as stored (the import items and the audit log aside). */
async function districtState(): Promise<string> {
  const items = (await scanTable()).filter((i) => ['Organization', 'RosterEntry', 'Client', 'User', 'CaseloadEntry', 'OrganizationName'].includes(i.type as string));
  return JSON.stringify(items.map((i) => JSON.stringify(i)).sort());
}

async function rosterAll(agent: Agent, query = ''): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | undefined;
  do {
    const page = expectStatus(await agent.get(`/api/roster?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`), 200);
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  ownerEmail = signedUp.email;
  accountId = signedUp.user.accountId;
  colleague = await createChild(owner, { canCreateClients: true });
  aide = await createChild(owner, {});
  // The owner's e-mail in another case: staff are matched case-insensitively.
  staffRows = [staff('t-owner', ownerEmail.toUpperCase()), staff('t-colleague', colleague.email), staff('t-aide', aide.email), staff('t-unknown', 'nobody@elsewhere.test')];
}, 60_000);
afterAll(stopUploadServer);

describe('a district of 300 students in three schools', () => {
  let first: any;

  it('previews every school, student and staff member as an addition, with the school years offered', async () => {
    first = await previewed(owner, district(ALL, staffRows));
    expect(first).toMatchObject({
      status: 'ready',
      progress: 100,
      mode: 'bulk',
      counts: { schools: { add: 3, update: 0, archive: 0, unchanged: 0 }, students: { add: 300, update: 0, archive: 0, unchanged: 0 }, staff: { add: 3, update: 0, archive: 0, unchanged: 0 } },
      errors: [],
      schoolYears: [{ name: '2026-2027', firstDay: '2026-08-24', lastDay: '2027-06-11' }],
    });
    // The unmatched teacher's line: manifest header is line 1, so 300 students + 4 staff rows.
    expect(first.unmatchedStaff).toEqual([{ line: 305, email: 'nobody@elsewhere.test' }]);
    // A preview writes nothing but its own item.
    expect((await rosterAll(owner)).length).toBe(0);
  });

  it('applies: three schools with their numbers, 300 roster entries with four fields each, the school year saved', async () => {
    const done = await applied(owner, first.id, { schoolYears: true });
    expect(done).toMatchObject({ status: 'done', progress: 100, counts: first.counts });
    const orgs = expectStatus(await owner.get('/api/organizations'), 200) as any[];
    expect(orgs.map((o) => [o.name, o.schoolNumber]).sort()).toEqual([['Alder Elementary', '101'], ['Birch Middle, North', '102'], ['Cedar High', '103']]);
    const entries = await rosterAll(owner);
    expect(entries).toHaveLength(300);
    const byName = new Map(orgs.map((o) => [o.name, o.id]));
    const zero = entries.find((e) => e.id === rosterEntryId(accountId, 'stu-0'))!;
    expect(zero).toEqual({ id: zero.id, firstName: 'José', lastInitial: 'Á', gradeLevel: 'PreK', organizationId: byName.get('Alder Elementary') });
    const two = entries.find((e) => e.id === rosterEntryId(accountId, 'stu-2'))!;
    expect(two).toMatchObject({ firstName: 'Иван', lastInitial: 'Ж', gradeLevel: '1', organizationId: byName.get('Cedar High') });
    // 'Other' leaves the grade empty; KG is K.
    expect(entries.find((e) => e.id === rosterEntryId(accountId, 'stu-14'))!.gradeLevel).toBeUndefined();
    expect(entries.find((e) => e.id === rosterEntryId(accountId, 'stu-1'))!.gradeLevel).toBe('K');
    expect((expectStatus(await owner.get('/api/school-years'), 200) as any).schoolYears).toMatchObject([{ name: '2026-2027', firstDay: '2026-08-24', lastDay: '2027-06-11' }]);
  });

  it("never stores a student's e-mail, password, phone, sms, middle name, family name or guardians", async () => {
    const items = await scanTable();
    expect(items.length).toBeGreaterThan(300);
    for (const item of items) {
      const text = JSON.stringify(item);
      for (const secret of SECRETS) expect(text, `${item.type as string} holds ${secret}`).not.toContain(secret);
    }
  });

  it('finds students by name in any script, by school and by grade', async () => {
    const cyrillic = await rosterAll(owner, `&search=${encodeURIComponent('иван')}`);
    expect(cyrillic.length).toBe(25);
    expect(cyrillic.every((e) => e.firstName === 'Иван')).toBe(true);
    const withInitial = await rosterAll(owner, `&search=${encodeURIComponent('Jose A')}`);
    expect(withInitial.length).toBe(25);
    const orgs = expectStatus(await owner.get('/api/organizations'), 200) as any[];
    const cedar = orgs.find((o) => o.name === 'Cedar High').id;
    const inCedar = await rosterAll(owner, `&organizationId=${cedar}&gradeLevel=1`);
    expect(inCedar.length).toBeGreaterThan(0);
    expect(inCedar.every((e) => e.organizationId === cedar && e.gradeLevel === '1')).toBe(true);
  });

  it('changes nothing when the same file is imported again: every count unchanged, every item as it was', async () => {
    const before = await districtState();
    const again = await previewed(owner, district(ALL, staffRows));
    expect(again.counts).toEqual({
      schools: { add: 0, update: 0, archive: 0, unchanged: 3 },
      students: { add: 0, update: 0, archive: 0, unchanged: 300 },
      staff: { add: 0, update: 0, archive: 0, unchanged: 3 },
    });
    await applied(owner, again.id);
    expect(await districtState()).toBe(before);
  });
});

describe('clients from the district roster', () => {
  it("creates a client from an entry with the entry's name, grade and school, links it, and refuses a second", async () => {
    const entryId = rosterEntryId(accountId, 'stu-5');
    // The name sent is ignored: the roster is the truth for it.
    const created = expectStatus(await colleague.agent.post('/api/clients', { rosterEntryId: entryId, firstName: 'Typed', lastInitial: 'T' }), 201);
    expect(created).toMatchObject({ firstName: 'فاطمة', lastInitial: 'ا', gradeLevel: '4', status: 'active' });
    const again = await owner.post('/api/clients', { rosterEntryId: entryId, firstName: 'Typed', lastInitial: 'T' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ROSTER_ENTRY_TAKEN);
    const entry = (await rosterAll(owner, `&search=${encodeURIComponent('فاطمة')}`)).find((e) => e.id === entryId);
    expect(entry.clientId).toBe(created.id);
    expect((await owner.post('/api/clients', { rosterEntryId: '00000000-0000-4000-8000-000000000000', firstName: 'A', lastInitial: 'B' })).status).toBe(404);
  });
});

describe('a later bulk file and a delta file', () => {
  const gone = [5, 6, 7, 8, 9];
  let linkedClientId: string;

  it('archives the five students it no longer has (their client too) and switches off the missing staff, never the owner', async () => {
    const list = expectStatus(await owner.get('/api/clients?assignedTo=all'), 200) as any[];
    linkedClientId = list.find((c) => c.firstName === 'فاطمة').id;
    const withoutOwnerRow = staffRows.filter((r) => r.sourcedId !== 't-owner' && r.sourcedId !== 't-colleague');
    const second = await previewed(owner, district(ALL.filter((i) => !gone.includes(i)), withoutOwnerRow));
    expect(second.counts.students).toEqual({ add: 0, update: 0, archive: 5, unchanged: 295 });
    // The colleague is gone from the file: switched off. The owner is gone too, but never switched off.
    expect(second.counts.staff).toEqual({ add: 0, update: 0, archive: 1, unchanged: 1 });
    await applied(owner, second.id);
    const entries = await rosterAll(owner);
    expect(entries).toHaveLength(295);
    expect(entries.some((e) => e.id === rosterEntryId(accountId, 'stu-5'))).toBe(false);
    expect((expectStatus(await owner.get(`/api/clients/${linkedClientId}`), 200) as any).status).toBe('inactive');
    expect((await owner.get('/api/user')).status).toBe(200);
    await expect(signIn(colleague.email)).rejects.toThrow();
  });

  it('reactivates a returning student with the same id, and its client', async () => {
    // Student 5 returns; 6 to 9 stay away (already archived: nothing more to do for them).
    const back = await previewed(owner, district(ALL.filter((i) => !gone.slice(1).includes(i)), staffRows.filter((r) => r.sourcedId !== 't-colleague')));
    expect(back.counts.students).toEqual({ add: 0, update: 1, archive: 0, unchanged: 295 });
    await applied(owner, back.id);
    const entries = await rosterAll(owner);
    expect(entries).toHaveLength(296);
    const returned = entries.find((e) => e.id === rosterEntryId(accountId, 'stu-5'));
    expect(returned).toMatchObject({ firstName: 'فاطمة', clientId: linkedClientId });
    expect((expectStatus(await owner.get(`/api/clients/${linkedClientId}`), 200) as any).status).toBe('active');
  });

  it('applies a delta file: a new student, a changed grade, a deleted student, a teacher switched off by enabledUser=false', async () => {
    const delta = zip({
      'manifest.csv': manifest({ orgs: 'absent', users: 'delta' }),
      'orgs.csv': csv(ORGS, []),
      'users.csv': csv(USERS_11, [
        student(1000, { givenName: 'Ngozi', familyName: 'OkaforFamq1000z' }),
        student(10, { grades: '03' }),
        student(11, { status: 'tobedeleted' }),
        staff('t-aide', aide.email, { enabledUser: 'false' }),
      ]),
    });
    const preview = await previewed(owner, delta);
    expect(preview).toMatchObject({ mode: 'delta', errors: [] });
    expect(preview.counts.students).toEqual({ add: 1, update: 1, archive: 1, unchanged: 0 });
    expect(preview.counts.staff).toEqual({ add: 0, update: 0, archive: 1, unchanged: 0 });
    expect(preview.counts.schools).toEqual({ add: 0, update: 0, archive: 0, unchanged: 0 });
    await applied(owner, preview.id);
    const entries = await rosterAll(owner);
    // 296 after the returning file, +1 new, -1 deleted; nobody else archived by a delta.
    expect(entries).toHaveLength(296);
    expect(entries.find((e) => e.id === rosterEntryId(accountId, 'stu-10'))!.gradeLevel).toBe('3');
    expect(entries.find((e) => e.id === rosterEntryId(accountId, 'stu-1000'))).toMatchObject({ firstName: 'Ngozi', lastInitial: 'O' });
    await expect(signIn(aide.email)).rejects.toThrow();
  });
});

describe('every student a client', () => {
  it("makes each student of the file who is not yet a client a client, with no clinicians", async () => {
    const { agent, user } = await signUpOwner();
    const file = zip({
      'manifest.csv': manifest({ orgs: 'bulk', users: 'bulk' }),
      'orgs.csv': csv(ORGS, orgRows),
      'users.csv': csv(USERS_11, [0, 1, 2].map((i) => student(i))),
    });
    const preview = await previewed(agent, file, { allStudentsAreClients: true });
    expect(preview.allStudentsAreClients).toBe(true);
    await applied(agent, preview.id);
    const clients = expectStatus(await agent.get('/api/clients?assignedTo=all'), 200) as any[];
    expect(clients.map((c) => c.firstName).sort()).toEqual(['Zoë', 'José', 'Иван'].sort());
    expect(clients.every((c) => c.clinicianIds.length === 0)).toBe(true);
    const entries = await rosterAll(agent);
    expect(entries.every((e) => e.clientId)).toBe(true);
    // Again: nobody becomes a client twice.
    const again = await previewed(agent, file, { allStudentsAreClients: true });
    await applied(agent, again.id);
    expect((expectStatus(await agent.get('/api/clients?assignedTo=all'), 200) as any[]).length).toBe(3);
    expect(user.accountId).not.toBe(accountId);
  });
});

describe('races and the uploaded file', () => {
  it('starts one apply of two sent at once, deletes the zip once applied, and links one client of two adds at once', async () => {
    const { agent, user } = await signUpOwner();
    const file = zip({ 'manifest.csv': manifest({ orgs: 'bulk', users: 'bulk' }), 'orgs.csv': csv(ORGS, orgRows), 'users.csv': csv(USERS_11, [student(0), student(1)]) });
    const preview = await previewed(agent, file);
    const zipPath = join(localRosterDir(), user.accountId, `${preview.id}.zip`);
    expect(existsSync(zipPath)).toBe(true);
    const answers = await Promise.all([agent.post(`/api/roster-imports/${preview.id}/apply`, {}), agent.post(`/api/roster-imports/${preview.id}/apply`, {})]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    await whenJobsIdle();
    expect((await agent.get(`/api/roster-imports/${preview.id}`)).body.status).toBe('done');
    expect(existsSync(zipPath)).toBe(false);

    const entryId = rosterEntryId(user.accountId, 'stu-0');
    const adds = await Promise.all([1, 2].map(() => agent.post('/api/clients', { rosterEntryId: entryId, firstName: 'X', lastInitial: 'Y' })));
    expect(adds.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((expectStatus(await agent.get('/api/clients?assignedTo=all'), 200) as any[]).length).toBe(1);
  });
});

describe('OneRoster 1.2', () => {
  it('reads the 1.2 column set: roles.csv, preferred names, LF lines without a byte-order mark', async () => {
    const { agent } = await signUpOwner();
    const users12 = ['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username', 'userIds', 'givenName', 'familyName', 'middleName', 'identifier', 'email', 'sms', 'phone', 'agentSourcedIds', 'grades', 'password', 'userMasterIdentifier', 'resourceSourcedIds', 'preferredGivenName', 'preferredMiddleName', 'preferredFamilyName', 'primaryOrg', 'pronouns'];
    const file = zip({
      'manifest.csv': manifest({ orgs: 'bulk', users: 'bulk', roles: 'bulk' }, '1.2'),
      'orgs.csv': csv(ORGS, orgRows, { bom: false, eol: '\n' }),
      'users.csv': csv(
        users12,
        [
          { sourcedId: 'u1', status: 'active', enabledUser: 'true', givenName: 'Katherine', familyName: 'SmithFamq1z', preferredGivenName: 'Kate', preferredFamilyName: 'Lee', grades: '05', primaryOrg: 'school-b', email: 'k@kids.test' },
          { sourcedId: 'u2', status: 'active', enabledUser: 'true', givenName: 'Tom', familyName: 'Teacher', email: 'nobody2@elsewhere.test' },
        ],
        { bom: false, eol: '\n' },
      ),
      'roles.csv': csv(['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'], [
        { sourcedId: 'r1', status: 'active', userSourcedId: 'u1', roleType: 'primary', role: 'student', orgSourcedId: 'school-b' },
        { sourcedId: 'r2', status: 'active', userSourcedId: 'u2', roleType: 'primary', role: 'teacher', orgSourcedId: 'school-a' },
      ], { bom: false, eol: '\n' }),
    });
    const preview = await previewed(agent, file);
    expect(preview.errors).toEqual([]);
    expect(preview.counts.students.add).toBe(1);
    expect(preview.unmatchedStaff).toEqual([{ line: 3, email: 'nobody2@elsewhere.test' }]);
    await applied(agent, preview.id);
    const [entry] = await rosterAll(agent);
    expect(entry).toMatchObject({ firstName: 'Kate', lastInitial: 'L', gradeLevel: '5' });
  });
});

describe('bad input', () => {
  it("refuses a file that is not a zip, or a zip without OneRoster's files or headers: 400 'This is not a OneRoster CSV zip'", async () => {
    const cases = [
      new TextEncoder().encode('sourcedId,name\r\n1,x\r\n'),
      zip({ 'manifest.csv': manifest({}), 'orgs.csv': csv(ORGS, orgRows) }),
      zip({ 'manifest.csv': manifest({}), 'orgs.csv': csv(ORGS, orgRows), 'users.csv': 'id,first,last\r\n1,a,b\r\n' }),
      zip({ 'readme.txt': 'hello' }),
    ];
    for (const file of cases) {
      const { res } = await startPreview(owner, file);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOT_ONEROSTER);
    }
  });

  it('lists a missing column, a duplicate sourcedId, an unknown school, a row that does not parse, with file and line; the rest still previews', async () => {
    const users = csv(USERS_11, [student(0), student(1), student(1, { givenName: 'Dup' }), student(2, { orgSourcedIds: 'school-zzz' }), student(3)]);
    // Line 6 (student 3) loses a field: it no longer parses as a row of this header.
    const broken = users.split('\r\n').map((l, i) => (i === 5 ? l.slice(0, l.lastIndexOf(',')) : l)).join('\r\n');
    const preview = await previewed(owner, zip({ 'manifest.csv': manifest({ orgs: 'bulk', users: 'delta' }), 'orgs.csv': csv(ORGS, orgRows), 'users.csv': broken }));
    expect(preview.errors).toEqual([
      { file: 'users.csv', line: 4, message: 'Duplicate sourcedId stu-1' },
      { file: 'users.csv', line: 5, message: 'Unknown school reference school-zzz' },
      { file: 'users.csv', line: 6, message: 'This row has a different number of fields than the header' },
    ]);
    expect(preview.counts.students.unchanged).toBe(2);

    const noFamily = csv(USERS_11.filter((c) => c !== 'familyName'), [student(0)]);
    const missing = await previewed(owner, zip({ 'manifest.csv': manifest({}), 'orgs.csv': csv(ORGS, orgRows), 'users.csv': noFamily }));
    expect(missing.errors).toEqual([{ file: 'users.csv', message: 'users.csv has no familyName column' }]);
    // A users.csv that could not be read archives nobody.
    expect(missing.counts.students.archive).toBe(0);
  });

  it("refuses to apply a preview with errors in orgs.csv: 409 'Fix the errors in orgs.csv first'", async () => {
    const orgs = csv(ORGS, [...orgRows, { sourcedId: 'school-a', name: 'Again', type: 'school' }, { sourcedId: 'school-d', type: 'school', name: '' }]);
    const preview = await previewed(owner, zip({ 'manifest.csv': manifest({}), 'orgs.csv': orgs, 'users.csv': csv(USERS_11, [student(0)]) }));
    expect(preview.errors).toEqual([
      { file: 'orgs.csv', line: 6, message: 'Duplicate sourcedId school-a' },
      { file: 'orgs.csv', line: 7, message: 'The school has no name, or a name longer than 255 characters' },
    ]);
    const res = await owner.post(`/api/roster-imports/${preview.id}/apply`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(FIX_ORGS_FIRST);
  });

  it('refuses a file over 200 MB, an upload with a wrong token, and a preview before the upload', async () => {
    const big = await owner.post('/api/roster-imports', { size: MAX_ROSTER_BYTES + 1 });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(ROSTER_TOO_LARGE);
    const started = expectStatus(await owner.post('/api/roster-imports', {}), 201);
    expect((await owner.post(`/api/roster-imports/${started.importId}/preview`, {})).status).toBe(409);
    const forged = started.uploadUrl.replace(/token=[^&]+/, 'token=forged');
    expect((await upload(forged, zip({ 'a.txt': 'x' }))).status).toBe(403);
    expect((await owner.post('/api/roster-imports', { size: 'big' })).status).toBe(400);
    expect((await owner.post(`/api/roster-imports/${started.importId}/preview`, { allStudentsAreClients: 'yes' })).status).toBe(400);
  });

  it('is for managers of every organization only; another account sees no import', async () => {
    const limited = await createChild(owner, { canManageUsers: true, allowedOrganizationIds: [((await owner.get('/api/organizations')).body as any[])[0].id] });
    const res = await limited.agent.post('/api/roster-imports', {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ROSTER_MANAGERS_ONLY);
    const [latest] = expectStatus(await owner.get('/api/roster-imports'), 200) as any[];
    const stranger = (await signUpOwner()).agent;
    expect((await stranger.get(`/api/roster-imports/${latest.id}`)).status).toBe(404);
    expect((await stranger.get('/api/roster')).body.items).toEqual([]);
    expect(PASSWORD).toBeTruthy();
  });
});
