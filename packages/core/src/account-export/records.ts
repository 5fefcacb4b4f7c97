/**
 * What a whole export holds (part 4 §5), read from the table and handed to a sink record by record:
 * the account's partition one DynamoDB page at a time (each session's and student's own partitions
 * read as their item passes), so memory does not grow with the district. Every record is cut to
 * the fields its file describes (contract/export-files.ts): what is not described, secrets above
 * all, never leaves. A student's export (scope `client`) reads that student's records only.
 */
import { exportFiles, type ExportFileDef, type ExportFileName } from '@caseload/contract/export-files';
import type { AuthContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { queryPartition, queryPartitionPages, type Item } from '../db.ts';
import type { AddendumEntry, ClientItem, IepSetItem, ProgressItem, SessionItem, SessionNoteItem, SignatureEntry } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { sessionNotePdf } from '../signatures/pdf.ts';
import { progressNotePdf } from '../notes/parent-report.ts';
import { eachInPool } from '../concurrency.ts';

export interface RecordSink {
  record(file: ExportFileName, record: Record<string, unknown>): Promise<void>;
  pdf(path: string, bytes: Buffer): Promise<void>;
  /** The share of the reading done (0–1), when it is known. */
  progress(done: number): Promise<void>;
}

/** What a student's export shows of the other students of a group session. */
export const ANOTHER_STUDENT = 'another student';

const PAGE = 500;
const CONCURRENCY = 8;

/** The record with exactly the fields its file describes (a Set, as DynamoDB returns string sets, becomes an array). */
export function described(file: ExportFileName, item: object): Record<string, unknown> {
  const def: ExportFileDef = exportFiles[file];
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(def.shape)) {
    const value = (item as Record<string, unknown>)[field];
    if (value === undefined) continue;
    out[field] = value instanceof Set ? [...(value as Set<unknown>)].sort() : value;
  }
  return out;
}

const eachBounded = <T>(items: T[], fn: (item: T) => Promise<void>) => eachInPool(items, fn, CONCURRENCY);

const isSigned = (note: SessionNoteItem) => !!note.signature;

/**
 * A PDF whose student or session is gone (a record left behind by a deletion): its note is in the
 * JSON Lines all the same, and one missing print must not fail the district's whole export.
 */
async function unlessGone<T>(printing: Promise<T>): Promise<T | undefined> {
  try {
    return await printing;
  } catch (e) {
    if (e instanceof NotFoundError) return undefined;
    throw e;
  }
}

/** A session's notes and progress (its own partition), those of `onlyClientId` alone when given. */
async function sessionDocuments(auth: AuthContext, session: SessionItem, sink: RecordSink, onlyClientId?: string): Promise<void> {
  const docs = await queryPartition<Item & { type: string }>({ pk: keys.sessionDocs(auth.accountId, session.id) });
  for (const doc of docs) {
    if (onlyClientId && doc.clientId !== onlyClientId) continue;
    if (doc.type === entity.sessionNote) {
      const note = doc as unknown as SessionNoteItem;
      await sink.record('session-notes', described('session-notes', note));
      if (isSigned(note)) {
        const printed = await unlessGone(sessionNotePdf(auth, note.sessionId, note.clientId));
        if (printed) await sink.pdf(`pdf/session-notes/${printed.filename.replace(/\.pdf$/, '')}-${note.sessionId}-${note.clientId}.pdf`, printed.pdf);
      }
    } else if (doc.type === entity.progress) {
      const progress = doc as unknown as ProgressItem;
      await sink.record('progress', described('progress', progress));
      for (const [index, trial] of (progress.trials ?? []).entries()) {
        await sink.record('trials', described('trials', { sessionId: progress.sessionId, goalId: progress.goalId, clientId: progress.clientId, index, ...trial }));
      }
    }
  }
}

async function iepsOf(accountId: string, clientId: string, sink: RecordSink): Promise<void> {
  const set = (await queryPartition<IepSetItem & { SK: string }>({ pk: keys.clientMinutes(accountId, clientId), skPrefix: keys.iepSet(accountId, clientId).SK }))[0];
  for (const iep of Object.values(set?.ieps ?? {}).sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))) {
    await sink.record('ieps', described('ieps', iep));
  }
}

async function deliveredReport(auth: AuthContext, note: { id: string; status: string }, sink: RecordSink): Promise<void> {
  if (note.status !== 'delivered') return;
  const printed = await unlessGone(progressNotePdf(auth, note.id));
  if (printed) await sink.pdf(`pdf/parent-reports/${printed.filename.replace(/\.pdf$/, '')}-${note.id}.pdf`, printed.pdf);
}

/** The district's settings files, flattened: one line per period, school year, closed day. */
async function settingsRecord(item: Item & { type: string }, sink: RecordSink): Promise<void> {
  if (item.type === entity.reportingPeriods) for (const p of (item.periods as object[]) ?? []) await sink.record('reporting-periods', described('reporting-periods', p));
  if (item.type === entity.schoolYears) for (const y of (item.schoolYears as object[]) ?? []) await sink.record('school-years', described('school-years', y));
  if (item.type === entity.closures) for (const c of (item.closures as object[]) ?? []) await sink.record('closures', described('closures', c));
}

/** Every record of the account (the owner's export). */
export async function accountRecords(auth: AuthContext, sink: RecordSink): Promise<void> {
  const direct: Partial<Record<string, ExportFileName>> = {
    [entity.user]: 'users',
    [entity.organization]: 'organizations',
    [entity.client]: 'clients',
    [entity.goal]: 'goals',
    [entity.goalTemplate]: 'goal-templates',
    [entity.session]: 'sessions',
    [entity.sessionSeries]: 'session-series',
    [entity.progressNote]: 'progress-notes',
  };
  let pages = 0;
  for await (const page of queryPartitionPages<Item & { type: string }>({ pk: keys.account(auth.accountId).PK }, PAGE)) {
    const sessions: SessionItem[] = [];
    const clients: string[] = [];
    const notes: { id: string; status: string }[] = [];
    for (const item of page) {
      const file = direct[item.type];
      if (file) await sink.record(file, described(file, item));
      await settingsRecord(item, sink);
      if (item.type === entity.session) sessions.push(item as unknown as SessionItem);
      if (item.type === entity.client) clients.push((item as unknown as ClientItem).id);
      if (item.type === entity.progressNote) notes.push(item as unknown as { id: string; status: string });
    }
    await eachBounded(sessions, (s) => sessionDocuments(auth, s, sink));
    await eachBounded(clients, (c) => iepsOf(auth.accountId, c, sink));
    await eachBounded(notes, (n) => deliveredReport(auth, n, sink));
    // The partition's size is unknown until read: progress creeps towards the reading's share.
    pages += 1;
    await sink.progress(1 - 1 / (1 + pages / 4));
  }
  for await (const page of queryPartitionPages<Item>({ pk: keys.auditPartition(auth.accountId) }, PAGE)) {
    for (const event of page) await sink.record('audit-events', described('audit-events', event));
  }
}

/** The other students of a group session, as a student's export shows them. */
function withOthersHidden(session: SessionItem, clientId: string): SessionItem {
  const participants: SessionItem['participants'] = {};
  let n = 0;
  for (const [id, entry] of Object.entries(session.participants)) {
    if (id === clientId) participants[id] = entry;
    else participants[`${ANOTHER_STUDENT} ${++n}`] = { status: entry.status, addedAt: entry.addedAt, firstName: ANOTHER_STUDENT, lastInitial: '' };
  }
  const signed = session.signedClientIds && [...session.signedClientIds].filter((id) => id === clientId);
  return { ...session, participants, signedClientIds: signed && new Set(signed) };
}

/** The users a student's record names: clinicians, providers, signers. */
function namedUsers(client: ClientItem, sessions: SessionItem[], notes: SessionNoteItem[]): Set<string> {
  const ids = new Set<string>(client.clinicianIds ?? []);
  for (const s of sessions) if (s.providerId) ids.add(s.providerId);
  for (const n of notes) {
    const people: (SignatureEntry | AddendumEntry | undefined)[] = [n.signature, n.cosignature, ...(n.addenda ?? [])];
    for (const p of people) if (p) ids.add(p.userId);
  }
  return ids;
}

/** One student's record (scope `client`), the student already checked visible to the caller. */
export async function clientRecords(auth: AuthContext, client: ClientItem, sink: RecordSink): Promise<void> {
  await sink.record('clients', described('clients', client));
  // The student's sessions: the account's session index, filtered to those the student is part of.
  const sessions: SessionItem[] = [];
  for await (const page of queryPartitionPages<SessionItem>(
    {
      index: 'GSI2',
      pk: keys.sessionsByTime(auth.accountId),
      filter: { FilterExpression: 'attribute_exists(participants.#client)', ExpressionAttributeNames: { '#client': client.id } },
    },
    PAGE,
  )) {
    sessions.push(...page);
  }
  // The notes are kept as they pass (one student's: few) to name their signers among the users.
  const notes: SessionNoteItem[] = [];
  const collecting: RecordSink = {
    ...sink,
    record(file, record) {
      if (file === 'session-notes') notes.push(record as unknown as SessionNoteItem);
      return sink.record(file, record);
    },
  };
  for (const session of sessions) await sink.record('sessions', described('sessions', withOthersHidden(session, client.id)));
  await sink.progress(0.3);
  await eachBounded(sessions, (s) => sessionDocuments(auth, s, collecting, client.id));
  await sink.progress(0.6);
  await iepsOf(auth.accountId, client.id, sink);
  const children = await queryPartition<Item & { type: string }>({ index: 'GSI1', pk: keys.clientChildren(auth.accountId, client.id) });
  for (const item of children) {
    if (item.type === entity.goal) await sink.record('goals', described('goals', item));
    if (item.type === entity.progressNote) {
      await sink.record('progress-notes', described('progress-notes', item));
      await deliveredReport(auth, item as unknown as { id: string; status: string }, sink);
    }
  }
  const account = await queryPartition<Item & { type: string; id?: string }>({
    pk: keys.account(auth.accountId).PK,
    filter: { FilterExpression: '#type IN (:user, :org, :rp, :sy, :cl)', ExpressionAttributeNames: { '#type': 'type' }, ExpressionAttributeValues: { ':user': entity.user, ':org': entity.organization, ':rp': entity.reportingPeriods, ':sy': entity.schoolYears, ':cl': entity.closures } },
  });
  const users = namedUsers(client, sessions, notes);
  for (const item of account) {
    if (item.type === entity.user && users.has(item.id!)) await sink.record('users', described('users', item));
    if (item.type === entity.organization && item.id === client.organizationId) await sink.record('organizations', described('organizations', item));
    await settingsRecord(item, sink);
  }
  for await (const page of queryPartitionPages<Item>(
    { pk: keys.auditPartition(auth.accountId), filter: { FilterExpression: 'entityId = :client', ExpressionAttributeValues: { ':client': client.id } } },
    PAGE,
  )) {
    for (const event of page) await sink.record('audit-events', described('audit-events', event));
  }
}
