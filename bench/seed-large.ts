/**
 * Seeds a school district directly in the table (not through the API), for benchmarks and demos:
 *
 *   npx tsx bench/seed-large.ts --clients 20000 --weeks 40
 *
 * N students over 40 schools; clinicians of the three roles (slp, assistant, admin), one per 50
 * students by default (400 at 20,000, 40 at 2,000), each serving a caseload of 30–70 students of
 * one to three neighbouring schools and limited to those schools (the admins see every school);
 * one weekly session per student with its clinician as provider, in groups of one to three, over
 * `weeks` weeks around the current one (completed with progress on every goal before now,
 * scheduled after); three goals per student. Every active student has an IEP for the school year
 * (30 minutes a week, reviews and re-evaluations spread over the year) and the minutes ledger its
 * sessions make (delivered minutes per school day); the first clinician's students also get a
 * delivered-minute day for every school week of the year before the seeded weeks, so "the minutes
 * page for a caseload over a school year" reads a whole year's ledger at every district size.
 *
 * Every item is built the way the product writes it: clients and their caseload entries by the
 * clients repository's own builders (clientRecord, caseloadWrites), users by putNewUser, the rest
 * from keys.ts's builders with the fields and versions the repositories set, and the dashboard
 * counters with the counter functions, merged. Against DYNAMODB_ENDPOINT / TABLE_NAME (the CLI
 * creates the table when it is missing); every user signs in with the printed password.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Permissions } from '../packages/contract/src/auth.ts';
import { goalTypes, gradeLevels, permissionDefaults, type ClientStatus, type Role } from '../packages/contract/src/enums.ts';
import { hashPassword } from '../packages/core/src/auth/passwords.ts';
import { putNewUser } from '../packages/core/src/auth/users-repo.ts';
import { caseloadWrites, clientRecord } from '../packages/core/src/caseload/clients-repo.ts';
import { atRiskScopeUpdates, caseloadCounterUpdates, clientGoalCounterUpdates, clientScope, mergeUpdates, sessionCounterChanges } from '../packages/core/src/counters.ts';
import { db, ensureTable, type TxItem } from '../packages/core/src/db.ts';
import { newId } from '../packages/core/src/ids.ts';
import type { AttendedItem, ClientItem, GoalItem, IepSetItem, OrganizationItem, ParticipantEntry, ProgressItem, SessionItem } from '../packages/core/src/items.ts';
import { entity, keys } from '../packages/core/src/keys.ts';
import { DEFAULT_TIME_ZONE } from '../packages/contract/src/school-year.ts';
import { addDays, localDate, schoolYearOf } from '../packages/core/src/school-calendar/dates.ts';
import { progressKeys } from '../packages/core/src/sessions/repo.ts';
import { tableName } from '../packages/core/src/table.ts';

export interface DistrictOptions {
  clients: number;
  schools?: number;
  /** Default: one per 50 students, so a caseload is 30–70 students at any district size. */
  clinicians?: number;
  /** Weeks of sessions around the current one: half before it, the rest from it on. */
  weeks?: number;
  goalsPerClient?: number;
  /** BatchWrite requests in flight. */
  concurrency?: number;
  log?: (s: string) => void;
}

export interface SeededClinician {
  id: string;
  email: string;
  role: Role;
  clientIds: string[];
  /** The active ones among them (the rows of its minutes page). */
  activeClientIds: string[];
  /** This clinician's sessions in the current week (Monday to Monday, UTC). */
  weekSessionIds: string[];
}

export interface SeededDistrict {
  accountId: string;
  /** Every user of the district signs in with this password. */
  password: string;
  owner: { id: string; email: string };
  clinicians: SeededClinician[];
  clientIds: string[];
  /** The students of each session of the current week. */
  sessionClients: Map<string, string[]>;
  /** Past sessions (completed, with progress) and each one's first participant. */
  pastSessions: { id: string; clientId: string; providerId: string; scheduledAt: string }[];
  sessions: number;
  goalsByClient: Map<string, string[]>;
  /** Items written, by entity type (counters and the owner's account, user and e-mail included). */
  counts: Record<string, number>;
  items: number;
  seconds: number;
}

const FIRST_NAMES = [
  'Aaliyah', 'Aiden', 'Amelia', 'Andre', 'Ava', 'Benjamin', 'Brooklyn', 'Caleb', 'Camila', 'Carter', 'Chloe', 'Daniel', 'Diego', 'Elena', 'Elijah',
  'Emma', 'Ethan', 'Evelyn', 'Gabriel', 'Grace', 'Harper', 'Henry', 'Isabella', 'Isaiah', 'Jackson', 'Jayden', 'José', 'Julian', 'Kayla', 'Leah',
  'Liam', 'Lucas', 'Luna', 'Madison', 'Malik', 'Marcus', 'María', 'Mason', 'Matthew', 'Maya', 'Mia', 'Nathan', 'Noah', 'Nora', 'Oliver',
  'Olivia', 'Owen', 'Priya', 'Riley', 'Samuel', 'Sofia', 'Sophia', 'Stella', 'Thomas', 'Valentina', 'William', 'Wyatt', 'Xavier', 'Zoe', 'Zion',
];
const DIAGNOSES = ['Speech sound disorder', 'Expressive language disorder', 'Childhood apraxia of speech', 'Fluency disorder', 'Receptive language disorder'];
const ROLE_CYCLE: Role[] = ['slp', 'slp', 'slp', 'slp', 'slp', 'slp', 'assistant', 'assistant', 'assistant', 'admin'];
const WEEK_MS = 7 * 86400_000;
const BATCH = 25;

/** A small deterministic hash, so the same options always build the same district shape. */
const mix = (n: number) => {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
};

/**
 * Caseload sizes: pairs of 50 ± d (d from 0 to 20), so every caseload is 30–70 and they sum to
 * 50 per clinician; the rest of `clients` is spread one by one. The first clinician gets 60, so
 * "one clinician's caseload page of 50" exists at every district size.
 */
export function caseloadSizes(clients: number, clinicians: number): number[] {
  const sizes = Array.from({ length: clinicians }, (_, i) => {
    const d = (Math.floor(i / 2) * 13 + 10) % 21;
    return i % 2 === 0 ? 50 + d : 50 - d;
  });
  let rest = clients - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; rest !== 0; i = (i + 1) % clinicians) {
    const step = rest > 0 ? 1 : -1;
    if (sizes[i]! + step >= 0) {
      sizes[i]! += step;
      rest -= step;
    }
  }
  return sizes;
}

/** Monday 00:00 UTC of the week holding `d`. */
export function mondayOf(d: Date): Date {
  const monday = new Date(d);
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
}

/** Streams items to the table in BatchWrite requests of 25, `concurrency` in flight, retrying what comes back unprocessed. */
class BatchWriter {
  private pending: Record<string, unknown>[] = [];
  private inFlight = new Set<Promise<void>>();
  written = 0;
  constructor(private readonly concurrency: number) {}

  async put(item: Record<string, unknown>) {
    this.pending.push(item);
    if (this.pending.length < BATCH) return;
    const chunk = this.pending;
    this.pending = [];
    await this.send(chunk);
  }

  private async send(chunk: Record<string, unknown>[]) {
    while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
    const p = this.write(chunk).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private async write(chunk: Record<string, unknown>[]) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [tableName()]: chunk.map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length) {
      const res = await db().send(new BatchWriteCommand({ RequestItems: request }));
      request = res.UnprocessedItems as typeof request;
    }
    this.written += chunk.length;
  }

  async flush() {
    if (this.pending.length) await this.send(this.pending.splice(0));
    await Promise.all(this.inFlight);
  }
}

/**
 * The district's school year around `today` (part 4 §1.1): 1 September to 15 June with a winter
 * break, so required minutes follow instructional days as in a real district.
 */
export function benchSchoolYear(today: string) {
  const start = Number(schoolYearOf(today).from.slice(0, 4));
  return { name: `${start}–${String(start + 1).slice(2)}`, firstDay: `${start}-09-01`, lastDay: `${start + 1}-06-15`, breaks: [{ name: 'Winter break', start: `${start}-12-21`, end: `${start + 1}-01-01` }] };
}

/** The student's IEP for the school year: 30 minutes a week, review and re-evaluation dates spread by `h`. */
function iepSet(accountId: string, clientId: string, year: { from: string; to: string }, h: number, at: string) {
  const id = newId();
  const item: IepSetItem = {
    accountId,
    clientId,
    version: 1,
    ieps: {
      [id]: {
        id, clientId, startDate: year.from, endDate: year.to, nextReviewDate: addDays(year.from, 60 + (h % 300)), nextEvaluationDate: addDays(year.from, 120 + ((h >>> 9) % 700)),
        status: 'active', serviceMinutes: 30, servicePer: 'week', serviceType: 'either', createdAt: at, updatedAt: at,
      },
    },
  };
  return { ...keys.iepSet(accountId, clientId), type: entity.iepSet, ...item };
}

function clinicianPermissions(role: Role, organizationIds: string[]): Permissions {
  const clinical = { canCreateClients: true, canEditClients: true, canCreateSessions: true, canEditSessions: true, canManageGoals: true, canGenerateProgressNotes: true, canEditProgressNotes: true };
  if (role === 'admin') return { ...permissionDefaults, ...clinical, canDeleteClients: true, canDeleteSessions: true, canManageUsers: true, allowedOrganizationIds: [] };
  if (role === 'assistant') return { ...permissionDefaults, canCreateSessions: true, canEditSessions: true, allowedOrganizationIds: organizationIds };
  return { ...permissionDefaults, ...clinical, allowedOrganizationIds: organizationIds };
}

async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

export async function seedDistrict(opts: DistrictOptions): Promise<SeededDistrict> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const schools = opts.schools ?? 40;
  const clinicianCount = opts.clinicians ?? Math.max(1, Math.round(opts.clients / 50));
  const weeks = opts.weeks ?? 6;
  const goalsPerClient = opts.goalsPerClient ?? 3;
  const writer = new BatchWriter(opts.concurrency ?? 16);
  const counts: Record<string, number> = {};
  const put = (item: Record<string, unknown>) => {
    const type = item.type as string;
    counts[type] = (counts[type] ?? 0) + 1;
    return writer.put(item);
  };

  const now = new Date();
  const at = now.toISOString();
  const accountId = newId();
  const tag = accountId.slice(0, 8);
  const password = 'Bench-password-2026!';
  // One hash for every user: hashing is deliberately slow, and they share the password anyway.
  const passwordHash = await hashPassword(password);
  const owner = { id: newId(), email: `district-${tag}@bench.test` };
  await putNewUser(
    { id: owner.id, accountId, email: owner.email, passwordHash, firstName: 'District', lastName: 'Director', role: 'admin', userType: 'owner', isActive: true, twoFactorEnabled: false, createdAt: at, updatedAt: at },
    { id: accountId, name: `Bench District ${tag}`, createdAt: at, updatedAt: at },
  );
  counts[entity.account] = 1;
  counts[entity.user] = 1;
  counts[entity.email] = 1;

  // Schools: students in contiguous blocks, so a caseload (contiguous too) spans one to three schools.
  const orgs: OrganizationItem[] = Array.from({ length: schools }, (_, i) => ({ id: newId(), accountId, name: `School ${String(i + 1).padStart(2, '0')}`, orgType: 'school', clientCount: 0, createdAt: at, updatedAt: at, createdBy: owner.id }));
  const schoolOf = (c: number) => orgs[Math.floor((c * schools) / opts.clients)]!;
  for (let c = 0; c < opts.clients; c++) schoolOf(c).clientCount! += 1;
  for (const o of orgs) await put({ ...keys.organization(accountId, o.id), type: entity.organization, ...o });
  await put({ ...keys.schoolYears(accountId), type: entity.schoolYears, accountId, schoolYears: [benchSchoolYear(localDate(now, DEFAULT_TIME_ZONE))], version: 1 });

  // Clinicians and their caseloads (ranges of student indexes).
  const sizes = caseloadSizes(opts.clients, clinicianCount);
  const clinicians: (SeededClinician & { from: number; to: number })[] = [];
  let first = 0;
  for (let i = 0; i < clinicianCount; i++) {
    const role = ROLE_CYCLE[i % ROLE_CYCLE.length]!;
    const to = first + sizes[i]!;
    clinicians.push({ id: newId(), email: `clinician-${i}-${tag}@bench.test`, role, clientIds: [], activeClientIds: [], weekSessionIds: [], from: first, to });
    first = to;
  }
  await inParallel(clinicians, 16, async (u) => {
    const organizationIds = [...new Set(Array.from({ length: u.to - u.from }, (_, k) => schoolOf(u.from + k).id))];
    const i = clinicians.indexOf(u);
    await putNewUser({
      id: u.id, accountId, email: u.email, passwordHash, firstName: FIRST_NAMES[mix(i + 7) % FIRST_NAMES.length]!, lastName: `Clinician ${i + 1}`, role: u.role, userType: 'child',
      parentUserId: owner.id, isActive: true, twoFactorEnabled: false, permissions: clinicianPermissions(u.role, organizationIds), createdAt: at, updatedAt: at, createdBy: owner.id,
    });
  });
  counts[entity.user]! += clinicians.length;
  counts[entity.email]! += clinicians.length;
  log(`  ${orgs.length} schools, ${clinicians.length} clinicians`);

  let counterUpdates: TxItem[] = [];
  // Folded as they come: a 20,000-student district makes about a million unmerged counter updates.
  const count = (updates: TxItem[]) => {
    counterUpdates.push(...updates);
    if (counterUpdates.length > 50_000) counterUpdates = mergeUpdates(counterUpdates);
  };
  const clientIds: string[] = [];
  const goalsByClient = new Map<string, string[]>();
  const pastSessions: SeededDistrict['pastSessions'] = [];
  const sessionClients: SeededDistrict['sessionClients'] = new Map();
  let sessions = 0;
  /** Delivered minutes per `<clientId>|<date>`, as the ledger's ADDs would have summed them. */
  const delivered = new Map<string, number>();
  const deliver = (clientId: string, date: string, minutes: number) => delivered.set(`${clientId}|${date}`, (delivered.get(`${clientId}|${date}`) ?? 0) + minutes);
  const year = schoolYearOf(localDate(now, DEFAULT_TIME_ZONE));
  const thisMonday = mondayOf(now);
  const firstMonday = thisMonday.getTime() - Math.floor(weeks / 2) * WEEK_MS;

  for (const [i, u] of clinicians.entries()) {
    const students: ClientItem[] = [];
    for (let c = u.from; c < u.to; c++) {
      const h = mix(c);
      const status: ClientStatus = h % 50 === 0 ? 'inactive' : 'active';
      const client: ClientItem = {
        id: newId(), accountId, organizationId: schoolOf(c).id, firstName: FIRST_NAMES[h % FIRST_NAMES.length]!, lastInitial: String.fromCharCode(65 + ((h >>> 8) % 26)),
        gradeLevel: gradeLevels[(h >>> 4) % gradeLevels.length], sessionFrequency: 1, status, diagnosis: DIAGNOSES[(h >>> 12) % DIAGNOSES.length], teacher: `Teacher ${(h >>> 16) % 30}`,
        clinicianIds: [u.id], createdAt: at, updatedAt: at, createdBy: owner.id,
      };
      clientIds.push(client.id);
      u.clientIds.push(client.id);
      await put(clientRecord(client));
      for (const w of caseloadWrites(undefined, client)) if ('Put' in w) await put(w.Put.Item as Record<string, unknown>);
      count(caseloadCounterUpdates(accountId, client.organizationId, { activeClients: status === 'active' ? 1 : 0, clientsAdded: 1 }, at));
      const goalIds: string[] = [];
      for (let g = 0; g < goalsPerClient; g++) {
        const goal: GoalItem = {
          id: newId(), accountId, clientId: client.id, organizationId: client.organizationId, name: `Goal ${g + 1}`, goalType: goalTypes[(h + g) % goalTypes.length]!,
          description: '<p>Produce the target sound in words with 80% accuracy.</p>', targetCriteria: '80% accuracy over 3 sessions', status: 'active', createdAt: at, updatedAt: at, createdBy: u.id,
        };
        goalIds.push(goal.id);
        await put({ ...goal, ...keys.goal(accountId, goal.id), ...keys.goalIndex(accountId, client.id, goal.id), type: entity.goal, version: 1 });
        count(caseloadCounterUpdates(accountId, client.organizationId, { activeGoals: 1 }, at));
        count(clientGoalCounterUpdates(accountId, client.id, { activeGoals: 1 }, at));
      }
      goalsByClient.set(client.id, goalIds);
      if (status === 'active') {
        students.push(client);
        u.activeClientIds.push(client.id);
        const set = iepSet(accountId, client.id, year, h, at);
        await put(set);
        const iepId = Object.keys(set.ieps)[0]!;
        await put({ ...keys.iepRef(accountId, iepId), type: entity.iepRef, accountId, iepId, clientId: client.id });
        // One student in five has a goal at risk, as its summary would hold it (core/monitoring/summary.ts):
        // the client's own count and the scopes' sums, so the dashboard's 'Goals at risk' reads real items.
        if (h % 5 === 0) {
          count([{ Update: { Key: keys.counters(accountId, clientScope(client.id)), UpdateExpression: 'ADD #a0 :a0', ExpressionAttributeNames: { '#a0': 'goalsAtRisk' }, ExpressionAttributeValues: { ':a0': 1 } } }]);
          count(atRiskScopeUpdates(accountId, { count: 0, organizationId: undefined }, { count: 1, organizationId: client.organizationId }));
        }
      }
    }

    // The week's groups: one, two or three students; five a day, Monday to Friday, from 13:00 UTC.
    const groups: ClientItem[][] = [];
    for (let k = 0, g = 0; k < students.length; g++) {
      const size = [1, 2, 3, 2][g % 4]!;
      groups.push(students.slice(k, k + size));
      k += size;
    }
    for (let w = 0; w < weeks; w++) {
      const monday = firstMonday + w * WEEK_MS;
      for (const [j, group] of groups.entries()) {
        const scheduled = new Date(monday + (j % 5) * 86400_000);
        scheduled.setUTCHours(13, 0, 0, 0);
        scheduled.setUTCMinutes(Math.floor(j / 5) * 45);
        const scheduledAt = scheduled.toISOString();
        const past = scheduled.getTime() < now.getTime();
        const participants: Record<string, ParticipantEntry> = {};
        for (const s of group) {
          const absent = past && mix(sessions * 31 + s.lastInitial.charCodeAt(0)) % 20 === 0;
          participants[s.id] = { status: past ? (absent ? 'absent' : 'present') : 'scheduled', firstName: s.firstName, lastInitial: s.lastInitial, organizationId: s.organizationId, addedAt: at };
        }
        const session: SessionItem = {
          id: newId(), accountId, sessionType: 'therapy', status: past ? 'completed' : 'scheduled', scheduledAt, duration: 30, participants,
          providerId: u.id, createdAt: at, updatedAt: at, createdBy: u.id,
        };
        sessions++;
        if (monday === thisMonday.getTime()) {
          u.weekSessionIds.push(session.id);
          sessionClients.set(session.id, group.map((s) => s.id));
        }
        await put({
          ...session,
          ...keys.session(accountId, session.id),
          ...keys.sessionIndex(accountId, scheduledAt, session.id),
          ...keys.sessionProviderIndex(accountId, u.id, scheduledAt, session.id),
          type: entity.session,
          version: 1,
        });
        count(sessionCounterChanges(accountId, undefined, { orgIds: group.map((s) => s.organizationId), scheduledAt, status: session.status }));
        if (!past) continue;
        pastSessions.push({ id: session.id, clientId: group[0]!.id, providerId: u.id, scheduledAt });
        for (const s of group) {
          if (participants[s.id]!.status !== 'present') continue;
          deliver(s.id, localDate(scheduledAt, DEFAULT_TIME_ZONE), session.duration);
          for (const [g, goalId] of goalsByClient.get(s.id)!.entries()) {
            const total = 10;
            const row: ProgressItem = {
              id: `${session.id}:${goalId}`, accountId, sessionId: session.id, goalId, clientId: s.id, organizationId: s.organizationId,
              successfulAttempts: Math.min(total, 3 + ((w + g) % 8)), totalAttempts: total, recordedAt: scheduledAt, updatedAt: at, updatedBy: u.id,
            };
            await put({ ...progressKeys(row), type: entity.progress, ...row });
          }
        }
      }
    }
    if (i === 0) {
      // A school year's ledger before the seeded weeks: one 30-minute day a week from September on.
      const firstSeeded = new Date(firstMonday).toISOString().slice(0, 10);
      for (const [k, s] of students.entries()) {
        for (let day = addDays(`${year.from.slice(0, 4)}-09-07`, k % 5); day < firstSeeded; day = addDays(day, 7)) deliver(s.id, day, 30);
      }
    }
    if ((i + 1) % Math.max(1, Math.round(clinicianCount / 10)) === 0) {
      const s = (Date.now() - started) / 1000;
      log(`  ${i + 1}/${clinicianCount} caseloads, ${writer.written} items written in ${s.toFixed(0)} s (${(writer.written / s).toFixed(0)} items/s)`);
    }
  }
  for (const [key, minutes] of delivered) {
    const [clientId, date] = key.split('|') as [string, string];
    // One attended therapy session a day in the seed, alone or in a group (its id only names the item).
    const attended: AttendedItem = { accountId, clientId, sessionId: `seed-${date}`, date, minutes, sessionType: 'therapy', groupSize: 1 };
    await put({ ...keys.attended(accountId, clientId, date, attended.sessionId), type: entity.attended, ...attended });
  }
  await writer.flush();
  const merged = mergeUpdates(counterUpdates);
  await inParallel(merged, 16, async (u) => {
    if ('Update' in u) await db().send(new UpdateCommand({ TableName: tableName(), ...u.Update }));
  });
  counts[entity.counters] = merged.length;
  return {
    accountId,
    password,
    owner,
    clinicians: clinicians.map(({ from: _from, to: _to, ...c }) => c),
    clientIds,
    pastSessions,
    sessionClients,
    sessions,
    goalsByClient,
    counts,
    items: Object.values(counts).reduce((a, b) => a + b, 0),
    seconds: (Date.now() - started) / 1000,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const clients = arg('clients', 2000);
  await ensureTable();
  const d = await seedDistrict({
    clients,
    schools: arg('schools', 40),
    clinicians: arg('clinicians', Math.max(1, Math.round(clients / 50))),
    weeks: arg('weeks', 6),
    goalsPerClient: arg('goals-per-client', 3),
    concurrency: arg('concurrency', 16),
    log: console.log,
  });
  console.log(`Seeded district ${d.accountId}: ${d.items} items (${Object.entries(d.counts).map(([t, n]) => `${n} ${t}`).join(', ')}) in ${d.seconds.toFixed(1)} s (${(d.items / d.seconds).toFixed(0)} items/s)`);
  console.log(`Sign in as ${d.owner.email} (every school) or ${d.clinicians[0]?.email} (a caseload of ${d.clinicians[0]?.clientIds.length}), password ${d.password}`);
}
