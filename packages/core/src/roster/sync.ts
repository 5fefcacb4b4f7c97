/**
 * One pass over a OneRoster zip that compares it with the account (the preview) or also writes
 * the difference (the apply): the same code both times, so the apply does what the preview said.
 *
 * Order: manifest.csv (bulk or delta per file), academicSessions.csv (school years), orgs.csv
 * (schools, a few hundred rows, kept in a map), then users.csv streamed in batches of 100 rows:
 * each batch reads its roster entries with one BatchGet by key (an entry's key comes from the
 * student's sourcedId: keys.rosterEntryId), compares, and on apply writes each change with a
 * condition on the version it read (no read-then-write race: a concurrent change makes the
 * condition fail, and the entry is read again). What stays in memory per student is a 12-byte
 * fingerprint of its sourcedId (duplicates, and which linked students a bulk file no longer has).
 *
 * A bulk file is the whole truth: afterwards the entries it did not name are archived (status
 * inactive, with their linked clients; never deleted), unless users.csv could not be read whole,
 * because a cut file must not archive a district. A delta file archives rows with
 * status=tobedeleted. Staff are matched to users by e-mail and only switched off or on.
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { emptyCounts, ROSTER_LIST_LIMIT, type RosterError } from '@caseload/contract/roster';
import { deleteUserSessions } from '../auth/login-sessions.ts';
import { listUsers as listUserItems, updateUser, type UserItem } from '../auth/users-repo.ts';
import { writeClientChange, ExtraConditionError } from '../caseload/clients-repo.ts';
import { archiveOrganizationItem, listOrganizationItems, OrganizationNameTakenError, putNewOrganization, replaceOrganizationFields } from '../caseload/organizations-repo.ts';
import { nowIso } from '../clock.ts';
import { db, isConditionFailure, queryPartitionPages } from '../db.ts';
import { batchGetItems } from '../db/batch-get.ts';
import { newId } from '../ids.ts';
import type { ClientItem, OrganizationItem } from '../items.ts';
import { keys, normalizeEmail, normalizeOrganizationName, rosterEntryId } from '../keys.ts';
import { errorFields, logger } from '../observability.ts';
import { tableName } from '../table.ts';
import { inPool } from '../concurrency.ts';
import type { Counts, ImportOutcome, RosterImportItem } from './job.ts';
import { isDisabled, isToBeDeleted, kindOfRole, studentFields, type StudentFields } from './mapping.ts';
import { linkEntry, rosterEntryRecord, type RosterEntryItem } from './entries.ts';
import { csvRows, field, isProblem, listField, openRosterZip, readHeader, type RosterZip } from './oneroster.ts';

const BATCH = 100;
const WRITE_CONCURRENCY = 8;
/** The fingerprint kept per seen sourcedId (collisions at 96 bits are not a concern for a district). */
const fingerprint = (sourcedId: string) => createHash('sha256').update(sourcedId).digest().subarray(0, 12).toString('base64');

class ErrorList {
  readonly errors: RosterError[] = [];
  more = 0;
  add(file: string, line: number | undefined, message: string) {
    if (this.errors.length < ROSTER_LIST_LIMIT) this.errors.push(line === undefined ? { file, message } : { file, line, message });
    else this.more += 1;
  }
}

export interface RunOptions {
  item: RosterImportItem;
  apply: boolean;
  /** 0–99 as the file is read (100 once the job is recorded done). */
  onProgress(progress: number): Promise<void>;
}

type Mode = 'bulk' | 'delta' | 'absent';

interface Run extends RunOptions {
  accountId: string;
  at: string;
  zip: RosterZip;
  counts: Counts;
  errors: ErrorList;
  unmatchedStaff: { line: number; email: string }[];
  /** Schools by sourcedId: the org id (or, in a preview, `new:<sourcedId>` for one not yet created). */
  schools: Map<string, string>;
  /** sourcedIds of orgs.csv rows that are not schools (a district, a department): referenced without error. */
  otherOrgs: Set<string>;
  seen: Set<string>;
  seenUsers: Set<string>;
  usersByEmail: Map<string, UserItem>;
}

export async function runRosterImport(zipPath: string, options: RunOptions): Promise<ImportOutcome> {
  const zip = await openRosterZip(zipPath);
  const run: Run = {
    ...options,
    accountId: options.item.accountId,
    at: nowIso(),
    zip,
    counts: { schools: emptyCounts(), students: emptyCounts(), staff: emptyCounts() },
    errors: new ErrorList(),
    unmatchedStaff: [],
    schools: new Map(),
    otherOrgs: new Set(),
    seen: new Set(),
    seenUsers: new Set(),
    usersByEmail: new Map(),
  };
  try {
    const modes = await readManifest(run);
    const schoolYears = await readSchoolYears(run);
    await options.onProgress(2);
    const orgErrors = await syncOrgs(run, modes.orgs);
    await options.onProgress(5);
    const usersComplete = await syncUsers(run, modes.users, modes.orgs);
    if (modes.users === 'bulk' && usersComplete) await archiveMissing(run);
    return {
      counts: run.counts,
      errors: run.errors.errors,
      moreErrors: run.errors.more,
      unmatchedStaff: run.unmatchedStaff,
      schoolYears,
      mode: modes.users === 'delta' ? 'delta' : 'bulk',
      orgErrors,
    };
  } finally {
    zip.close();
  }
}

// ---- manifest and school years

async function readManifest(run: Run): Promise<{ orgs: Mode; users: Mode }> {
  const values = new Map<string, string>();
  for await (const row of csvRows(run.zip, 'manifest.csv', () => undefined)) {
    if (isProblem(row)) {
      run.errors.add('manifest.csv', row.line, row.problem);
      continue;
    }
    const name = field(row.fields, 'propertyName');
    if (name) values.set(name.toLowerCase(), (field(row.fields, 'value') ?? '').toLowerCase());
  }
  const mode = (file: string): Mode => {
    const v = values.get(`file.${file}`);
    return v === 'delta' ? 'delta' : v === 'absent' ? 'absent' : 'bulk';
  };
  return { orgs: mode('orgs'), users: mode('users') };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

async function readSchoolYears(run: Run): Promise<{ name: string; firstDay: string; lastDay: string }[]> {
  const file = 'academicSessions.csv';
  if (!run.zip.has(file)) return [];
  const years: { name: string; firstDay: string; lastDay: string }[] = [];
  for await (const row of csvRows(run.zip, file, () => undefined)) {
    if (isProblem(row)) {
      run.errors.add(file, row.line, row.problem);
      continue;
    }
    if (field(row.fields, 'type')?.toLowerCase() !== 'schoolyear' || isToBeDeleted(row.fields)) continue;
    const name = field(row.fields, 'title') ?? field(row.fields, 'schoolYear');
    const firstDay = field(row.fields, 'startDate')?.slice(0, 10);
    const lastDay = field(row.fields, 'endDate')?.slice(0, 10);
    if (!name || !firstDay || !lastDay || !ISO_DATE.test(firstDay) || !ISO_DATE.test(lastDay)) {
      run.errors.add(file, row.line, 'A school year needs a title, a startDate and an endDate (yyyy-MM-dd)');
      continue;
    }
    if (years.length < ROSTER_LIST_LIMIT) years.push({ name: name.slice(0, 100), firstDay, lastDay });
  }
  return years.sort((a, b) => a.firstDay.localeCompare(b.firstDay));
}

// ---- schools

async function syncOrgs(run: Run, mode: Mode): Promise<boolean> {
  const file = 'orgs.csv';
  const existing = await listOrganizationItems(run.accountId);
  const byExternal = new Map<string, OrganizationItem>();
  const byName = new Map<string, OrganizationItem>();
  for (const org of existing) {
    if (org.archivedAt) continue;
    if (org.externalId) byExternal.set(org.externalId, org);
    else byName.set(normalizeOrganizationName(org.name), org);
  }
  // A delta file (or none) still references the schools of earlier imports.
  for (const [sid, org] of byExternal) run.schools.set(sid, org.id);
  let errors = false;
  const fail = (line: number | undefined, message: string) => {
    errors = true;
    run.errors.add(file, line, message);
  };
  const seen = new Set<string>();
  const counts = run.counts.schools;
  if (mode !== 'absent') {
    let header: string[] = [];
    for await (const row of csvRows(run.zip, file, (h) => (header = h))) {
      if (isProblem(row)) {
        fail(row.line, row.problem);
        continue;
      }
      const f = row.fields;
      const sid = field(f, 'sourcedId');
      if (!sid) {
        fail(row.line, 'The row has no sourcedId');
        continue;
      }
      if (seen.has(sid)) {
        fail(row.line, `Duplicate sourcedId ${sid}`);
        continue;
      }
      seen.add(sid);
      if (field(f, 'type')?.toLowerCase() !== 'school') {
        run.otherOrgs.add(sid);
        continue;
      }
      const org = byExternal.get(sid);
      if (isToBeDeleted(f)) {
        if (org) {
          counts.archive += 1;
          if (run.apply) await archiveSchool(run, org);
        }
        run.schools.delete(sid);
        continue;
      }
      const name = field(f, 'name');
      if (!name || name.length > 255) {
        fail(row.line, 'The school has no name, or a name longer than 255 characters');
        continue;
      }
      const schoolNumber = field(f, 'identifier');
      const adopted = org ?? byName.get(normalizeOrganizationName(name));
      if (!adopted) {
        counts.add += 1;
        run.schools.set(sid, run.apply ? await createSchool(run, sid, name, schoolNumber) : `new:${sid}`);
      } else if (adopted.name === name && adopted.schoolNumber === schoolNumber && adopted.externalId === sid) {
        counts.unchanged += 1;
        run.schools.set(sid, adopted.id);
      } else {
        counts.update += 1;
        run.schools.set(sid, adopted.id);
        if (run.apply) await updateSchool(run, adopted, sid, name, schoolNumber);
      }
    }
    if (!header.includes('type')) fail(undefined, 'orgs.csv has no type column');
  }
  if (mode === 'bulk') {
    for (const [sid, org] of byExternal) {
      if (seen.has(sid)) continue;
      counts.archive += 1;
      run.schools.delete(sid);
      if (run.apply) await archiveSchool(run, org);
    }
  }
  return errors;
}

async function createSchool(run: Run, sid: string, name: string, schoolNumber: string | undefined): Promise<string> {
  const org: OrganizationItem = { id: newId(), accountId: run.accountId, name, orgType: 'school', schoolNumber, externalId: sid, createdAt: run.at, updatedAt: run.at, createdBy: run.item.createdBy };
  try {
    await putNewOrganization(org);
    return org.id;
  } catch (e) {
    if (!(e instanceof OrganizationNameTakenError)) throw e;
    // Another school of that name was created since the preview: it is this one.
    const same = (await listOrganizationItems(run.accountId)).find((o) => !o.archivedAt && normalizeOrganizationName(o.name) === normalizeOrganizationName(name));
    if (!same) throw e;
    await updateSchool(run, same, sid, name, schoolNumber);
    return same.id;
  }
}

async function updateSchool(run: Run, org: OrganizationItem, sid: string, name: string, schoolNumber: string | undefined) {
  const result = await replaceOrganizationFields(run.accountId, org.id, org.name, {
    name,
    orgType: org.orgType,
    address: org.address,
    phone: org.phone,
    contactPerson: org.contactPerson,
    schoolNumber,
    externalId: sid,
    updatedAt: run.at,
    updatedBy: run.item.createdBy,
  }).catch((e: unknown) => {
    // A name another organization holds: the school keeps its name, the rest follows the file.
    if (e instanceof OrganizationNameTakenError) return 'taken' as const;
    throw e;
  });
  if (result === 'taken') await replaceOrganizationFields(run.accountId, org.id, org.name, { name: org.name, orgType: org.orgType, address: org.address, phone: org.phone, contactPerson: org.contactPerson, schoolNumber, externalId: sid, updatedAt: run.at, updatedBy: run.item.createdBy });
}

/** A school the district no longer lists is archived when it holds no clients (else it stays: its clients' records need it). */
async function archiveSchool(run: Run, org: OrganizationItem) {
  const outcome = await archiveOrganizationItem(run.accountId, org.id, org.name, run.at, run.item.createdBy);
  if (outcome !== 'archived') logger.info('roster_school_kept', { organizationId: org.id, outcome });
}

// ---- students and staff

interface StudentRow {
  line: number;
  sourcedId: string;
  entryId: string;
  fields?: StudentFields;
  organizationId?: string;
  archive: boolean;
}

/** Roles from roles.csv (OneRoster 1.2 without a role column in users.csv): the primary, or first, role and org of each user. */
async function readRoles(run: Run): Promise<Map<string, { role: string; orgs: string[] }>> {
  const roles = new Map<string, { role: string; orgs: string[]; primary: boolean }>();
  for await (const row of csvRows(run.zip, 'roles.csv', () => undefined)) {
    if (isProblem(row)) {
      run.errors.add('roles.csv', row.line, row.problem);
      continue;
    }
    const user = field(row.fields, 'userSourcedId');
    const role = field(row.fields, 'role');
    if (!user || !role || isToBeDeleted(row.fields)) continue;
    const primary = field(row.fields, 'roleType')?.toLowerCase() === 'primary';
    const had = roles.get(user);
    if (!had || (primary && !had.primary)) roles.set(user, { role, orgs: listField(row.fields, 'orgSourcedId'), primary });
  }
  return roles;
}

async function syncUsers(run: Run, mode: Mode, orgsMode: Mode): Promise<boolean> {
  const file = 'users.csv';
  if (mode === 'absent') return false;
  for (const user of await listUserItems(run.accountId)) run.usersByEmail.set(normalizeEmail(user.email), user);
  const header = (await readHeader(run.zip, file)) ?? [];
  const roles = !header.includes('role') && run.zip.has('roles.csv') ? await readRoles(run) : undefined;
  const missing = ['sourcedId', 'givenName', 'familyName'].filter((c) => !header.includes(c));
  if (!header.includes('role') && !roles) missing.push('role');
  if (!header.includes('orgSourcedIds') && !roles && !header.includes('primaryOrg')) missing.push('orgSourcedIds');
  if (missing.length) {
    run.errors.add(file, undefined, `users.csv has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}`);
    return false;
  }
  const total = Math.max(1, run.zip.uncompressedSize(file));
  let complete = true;
  let batch: StudentRow[] = [];
  let lastProgress = 5;
  let lastBytes = 0;
  for await (const row of csvRows(run.zip, file, () => undefined, (bytes) => (lastBytes = bytes))) {
    if (isProblem(row)) {
      complete = false;
      run.errors.add(file, row.line, row.problem);
      continue;
    }
    const f = row.fields;
    const sid = field(f, 'sourcedId');
    if (!sid) {
      run.errors.add(file, row.line, 'The row has no sourcedId');
      continue;
    }
    const print = fingerprint(sid);
    if (run.seen.has(print)) {
      run.errors.add(file, row.line, `Duplicate sourcedId ${sid}`);
      continue;
    }
    run.seen.add(print);
    const fromRoles = roles?.get(sid);
    const kind = kindOfRole(field(f, 'role') ?? fromRoles?.role);
    if (kind === 'ignored') continue;
    if (kind === 'unknown') {
      run.errors.add(file, row.line, 'The row has no role Caseload knows');
      continue;
    }
    if (kind === 'staff') {
      await syncStaff(run, row.line, f, mode);
      continue;
    }
    const refs = listField(f, 'orgSourcedIds');
    if (!refs.length) refs.push(...(fromRoles?.orgs ?? []), ...listField(f, 'primaryOrg'));
    // Only a bulk orgs.csv lists every org: with a delta (or none) a reference to the district, say, is not known here.
    const unknown = orgsMode === 'bulk' ? refs.find((r) => !run.schools.has(r) && !run.otherOrgs.has(r)) : undefined;
    if (unknown) {
      run.errors.add(file, row.line, `Unknown school reference ${unknown}`);
      continue;
    }
    const archive = mode === 'delta' && isToBeDeleted(f);
    const fields = archive ? undefined : studentFields(f);
    if (fields && 'error' in fields) {
      run.errors.add(file, row.line, fields.error);
      continue;
    }
    const school = refs.find((r) => run.schools.has(r));
    batch.push({ line: row.line, sourcedId: sid, entryId: rosterEntryId(run.accountId, sid), fields, organizationId: school ? run.schools.get(school) : undefined, archive });
    if (batch.length >= BATCH) {
      await syncStudents(run, batch);
      batch = [];
      const progress = 5 + Math.floor((Math.min(total, lastBytes) / total) * 85);
      if (progress > lastProgress) {
        lastProgress = progress;
        await run.onProgress(progress);
      }
    }
  }
  if (batch.length) await syncStudents(run, batch);
  return complete;
}

async function batchGetEntries(accountId: string, ids: string[]): Promise<Map<string, RosterEntryItem>> {
  const found = await batchGetItems<RosterEntryItem>(ids.map((id) => keys.rosterEntry(accountId, id)), { consistent: true });
  return new Map(found.map((item) => [item.id, item]));
}

const sameFields = (e: RosterEntryItem, r: StudentRow) =>
  e.firstName === r.fields!.firstName && e.lastInitial === r.fields!.lastInitial && e.gradeLevel === r.fields!.gradeLevel && e.organizationId === r.organizationId;

async function syncStudents(run: Run, batch: StudentRow[]) {
  const entries = await batchGetEntries(run.accountId, batch.map((r) => r.entryId));
  const counts = run.counts.students;
  const work: { row: StudentRow; before?: RosterEntryItem }[] = [];
  for (const row of batch) {
    const before = entries.get(row.entryId);
    if (row.archive) {
      if (before?.status === 'active') {
        counts.archive += 1;
        work.push({ row, before });
      } else counts.unchanged += 1;
    } else if (!before) {
      counts.add += 1;
      work.push({ row });
    } else if (before.status !== 'active' || !sameFields(before, row)) {
      counts.update += 1;
      work.push({ row, before });
    } else {
      counts.unchanged += 1;
      if (run.item.allStudentsAreClients && !before.clientId) work.push({ row, before });
    }
  }
  if (!run.apply) return;
  await inPool(work, ({ row, before }) => writeStudent(run, row, before), WRITE_CONCURRENCY);
}

/** Writes one student's change, then its client's; a lost race reads the entry again and tries once more. */
async function writeStudent(run: Run, row: StudentRow, before: RosterEntryItem | undefined, attempt = 1): Promise<void> {
  const after: RosterEntryItem = row.archive
    ? { ...before!, status: 'inactive', updatedAt: nowIso() }
    : {
        id: row.entryId,
        accountId: run.accountId,
        externalId: row.sourcedId,
        ...row.fields!,
        organizationId: row.organizationId,
        status: 'active',
        ...(before?.clientId ? { clientId: before.clientId } : {}),
        createdAt: before?.createdAt ?? run.at,
        updatedAt: nowIso(),
      };
  if (!row.fields) delete after.gradeLevel;
  if (!row.archive && !row.fields!.gradeLevel) delete after.gradeLevel;
  if (!after.organizationId) delete after.organizationId;
  const changed = !before || row.archive || before.status !== 'active' || !sameFields(before, row);
  try {
    if (changed) await putEntry(after, before);
  } catch (e) {
    if (!isConditionFailure(e) || attempt > 2) throw e;
    const again = (await batchGetEntries(run.accountId, [row.entryId])).get(row.entryId);
    return writeStudent(run, row, again, attempt + 1);
  }
  if (after.clientId) await followClient(run, after);
  else if (run.item.allStudentsAreClients && after.status === 'active') await createClientFromEntry(run, after);
}

function putEntry(after: RosterEntryItem, before: RosterEntryItem | undefined) {
  return db().send(
    new PutCommand({
      TableName: tableName(),
      Item: rosterEntryRecord(after),
      // The version read, or none: a concurrent import or link makes this fail, and the entry is read again.
      ConditionExpression: before ? 'updatedAt = :prev' : 'attribute_not_exists(PK)',
      ExpressionAttributeValues: before ? { ':prev': before.updatedAt } : undefined,
    }),
  );
}

/** A linked client follows the file: name, grade and school, and active or inactive with its entry. */
async function followClient(run: Run, entry: RosterEntryItem) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.client(run.accountId, entry.clientId!), ConsistentRead: true }));
  const client = res.Item as ClientItem | undefined;
  if (!client || client.archivedAt) return;
  const status = entry.status === 'active' ? (client.status === 'inactive' ? 'active' : client.status) : 'inactive';
  const same =
    client.firstName === entry.firstName && client.lastInitial === entry.lastInitial && client.gradeLevel === entry.gradeLevel && client.organizationId === entry.organizationId && client.status === status;
  if (same) return;
  const { PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, type: _t, ...fields } = client as ClientItem & Record<string, unknown>;
  const after: ClientItem = { ...(fields as unknown as ClientItem), firstName: entry.firstName, lastInitial: entry.lastInitial, gradeLevel: entry.gradeLevel, organizationId: entry.organizationId, status, updatedAt: nowIso(), updatedBy: run.item.createdBy };
  try {
    await writeClientChange(client, after);
  } catch (e) {
    // A client edited at the same moment keeps that edit; the next import brings it in line.
    logger.warn('roster_client_not_followed', { clientId: client.id, error: errorFields(e) });
  }
}

/** 'Every student in this file is served by our clinicians': the student becomes a client, linked to its entry, with no clinicians. */
export async function createClientFromEntry(run: { accountId: string; item: { createdBy: string } }, entry: RosterEntryItem): Promise<void> {
  const at = nowIso();
  const client: ClientItem = {
    id: newId(),
    accountId: run.accountId,
    firstName: entry.firstName,
    lastInitial: entry.lastInitial,
    ...(entry.gradeLevel ? { gradeLevel: entry.gradeLevel } : {}),
    ...(entry.organizationId ? { organizationId: entry.organizationId } : {}),
    icd10Codes: [],
    medicaidEligible: false,
    status: 'active',
    clinicianIds: [],
    createdAt: at,
    updatedAt: at,
    createdBy: run.item.createdBy,
    updatedBy: run.item.createdBy,
  };
  try {
    await writeClientChange(undefined, client, 0, [linkEntry(run.accountId, entry.id, client.id, at)]);
  } catch (e) {
    // Linked meanwhile (a manager added it from the roster): nothing to do.
    if (!(e instanceof ExtraConditionError)) throw e;
  }
}

async function syncStaff(run: Run, line: number, f: Record<string, string>, mode: Mode) {
  const counts = run.counts.staff;
  const email = field(f, 'email');
  const user = email ? run.usersByEmail.get(normalizeEmail(email)) : undefined;
  if (!user) {
    if (run.unmatchedStaff.length < ROSTER_LIST_LIMIT) run.unmatchedStaff.push({ line, email: email ?? '' });
    return;
  }
  run.seenUsers.add(user.id);
  const off = isDisabled(f) || (mode === 'delta' && isToBeDeleted(f));
  const sid = field(f, 'sourcedId')!;
  if (off && user.isActive && user.userType !== 'owner') {
    counts.archive += 1;
    if (run.apply) await setUserActive(run, user, false, sid);
  } else if (!off && !user.isActive && user.rosterDeactivated) {
    counts.update += 1;
    if (run.apply) await setUserActive(run, user, true, sid);
  } else if (!user.rosterExternalId) {
    counts.add += 1;
    if (run.apply) await updateUser(run.accountId, user.id, { rosterExternalId: sid, updatedAt: nowIso() });
  } else counts.unchanged += 1;
}

/** Switches a staff user off (ending their sessions) or back on; the owner is never switched off. */
async function setUserActive(run: Run, user: UserItem, isActive: boolean, sid: string | undefined) {
  if (!isActive && user.userType === 'owner') return;
  await updateUser(run.accountId, user.id, { isActive, rosterDeactivated: !isActive, ...(sid ? { rosterExternalId: sid } : {}), updatedAt: nowIso() }, [], { accessChange: true });
  if (!isActive) await deleteUserSessions(run.accountId, user.id);
}

/** After a bulk users.csv: the active entries and linked staff it no longer names. */
async function archiveMissing(run: Run) {
  const { PK, SKPrefix } = keys.rosterEntryPrefix(run.accountId);
  for await (const page of queryPartitionPages<RosterEntryItem>({ pk: PK, skPrefix: SKPrefix, consistent: true }, 500)) {
    const gone = page.filter((e) => e.status === 'active' && !run.seen.has(fingerprint(e.externalId)));
    run.counts.students.archive += gone.length;
    if (run.apply) {
      await inPool(gone, (e) => writeStudent(run, { line: 0, sourcedId: e.externalId, entryId: e.id, archive: true }, e), WRITE_CONCURRENCY);
    }
  }
  for (const user of run.usersByEmail.values()) {
    if (!user.rosterExternalId || !user.isActive || user.userType === 'owner' || run.seenUsers.has(user.id)) continue;
    run.counts.staff.archive += 1;
    if (run.apply) await setUserActive(run, user, false, undefined);
  }
}
