/**
 * Recreates a district from its whole export (part 4 §5) in an account with no clients, every
 * record under its own id and every key built with the importing account's id (nothing in the
 * file names a partition: ids only). Two passes over the zip: the first parses every line of every
 * file with its schema and writes nothing, so a zip that is not a valid export leaves the account
 * as it was; the second writes.
 *
 * How (docs/leaving.md): records go through the product's own repository writers wherever one
 * exists (organizations with their name guard, clients with their caseload copies, counters and
 * organization counts, goals, sessions with their indexes, minutes ledger and dashboard counters,
 * progress notes, goal-bank templates, series), so the derived items are the ones the product
 * writes itself (goals with the goal service's own counter updates), and the note period sets are
 * left to be built from the notes on read (as for notes older than the sets). The
 * items with no writer of their own (a session's notes and progress rows, IEP sets, the settings
 * lists, audit events) are put with the keys keys.ts builds. Imported users are written active so
 * the clinician and provider checks of those writers hold, then all deactivated at the end, with
 * no password (`awaitingPassword`) until the owner sets one.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportFileName } from '@caseload/contract/export-files';
import { AUDIT_RETENTION_SECONDS } from '../audit.ts';
import { writeClientChange } from '../caseload/clients-repo.ts';
import { claimNameGuard } from '../caseload/organizations-repo.ts';
import { db, isConditionFailure, transact, type TxItem } from '../db.ts';
import { putTemplate, type GoalTemplateItem } from '../goal-bank/repo.ts';
import { writeGoalChange } from '../goals/repo.ts';
import { goalCounters } from '../goals/service.ts';
import type { ClientItem, GoalItem, IepRecord, OrganizationItem, ProgressItem, ProgressNoteItem, SessionItem, SessionNoteItem, SessionSeriesItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { putNoteItem } from '../notes/repo.ts';
import { commitSessionChange } from '../sessions/repo.ts';
import { tableName } from '../table.ts';
import type { UserItem } from '../auth/users-repo.ts';
import type { ExportZip } from './archive.ts';
import { eachInPool } from '../concurrency.ts';

/** Files read to check them but not written: the service log is derived from the sessions and notes. */
export const DERIVED_FILES: readonly ExportFileName[] = ['service-log', 'trials'];

const CONCURRENCY = 8;

export type ImportCounts = Partial<Record<ExportFileName, number>>;

export interface RestoreTarget {
  accountId: string;
  /** The importing owner: stays the owner; the source district's owner comes back as one of its users. */
  ownerId: string;
  /** Hears each record done and its file (progress, counts). */
  done(file: ExportFileName): Promise<void>;
}

const bounded = <T>(source: AsyncIterable<T> | Iterable<T>, work: (item: T) => Promise<void>) => eachInPool(source, work, CONCURRENCY);

const put = async (Item: Record<string, unknown>): Promise<void> => {
  await db().send(new PutCommand({ TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' }));
};

/** Checks every line of every file (the first pass): throws NotAnExportError at the first bad one. */
export async function checkEveryLine(zip: ExportZip, files: readonly ExportFileName[], seen: (file: ExportFileName) => void): Promise<void> {
  for (const file of files) for await (const _ of zip.records(file)) seen(file);
}

export async function restore(zip: ExportZip, target: RestoreTarget): Promise<void> {
  const { accountId } = target;
  const records = <T>(file: ExportFileName) => zip.records(file) as AsyncGenerator<T>;
  const each = <T>(file: ExportFileName, work: (r: T) => Promise<void>) =>
    bounded(records<T>(file), async (r) => {
      await work(r);
      await target.done(file);
    });

  await each<Omit<OrganizationItem, 'accountId'>>('organizations', async (o) => {
    const org: OrganizationItem = { ...o, accountId };
    const items: TxItem[] = [{ Put: { Item: { ...keys.organization(accountId, org.id), type: entity.organization, ...org }, ConditionExpression: 'attribute_not_exists(PK)' } }];
    // An archived organization released its name; a live one holds it again.
    if (!org.archivedAt) items.push(claimNameGuard(accountId, org.id, org.name));
    await transact(items);
  });

  const userIds: string[] = [];
  await each<Omit<UserItem, 'accountId' | 'passwordHash'>>('users', async (u) => {
    const claim = u.email ? await claimEmail(accountId, u.id, u.email) : false;
    const wasOwner = u.userType === 'owner';
    const user = {
      ...u,
      accountId,
      // No secret was exported: no password until the owner sets one, no second factor.
      passwordHash: '',
      twoFactorEnabled: false,
      email: claim ? u.email : '',
      ...(wasOwner ? { userType: 'child', parentUserId: target.ownerId } : {}),
      isActive: true,
      awaitingPassword: true,
    };
    await put({ ...keys.user(accountId, u.id), type: entity.user, ...user });
    userIds.push(u.id);
  });

  // An archived student's goals left every count with it (writeClientChange's activeGoalsLeaving).
  const archived = new Set<string>();
  await each<Omit<ClientItem, 'accountId'>>('clients', async (c) => {
    if (c.archivedAt) archived.add(c.id);
    await writeClientChange(undefined, { ...c, accountId });
  });
  await each<Omit<GoalTemplateItem, 'accountId'>>('goal-templates', (t) => putTemplate({ ...t, accountId }));
  await each<Omit<GoalItem, 'accountId'>>('goals', async (g) => {
    const goal = { ...g, accountId };
    await writeGoalChange(accountId, undefined, goal, archived.has(g.clientId) ? [] : goalCounters(accountId, undefined, goal));
  });

  // A client's IEPs are one item: gathered first (a handful per student), then written per client.
  const ieps = new Map<string, Record<string, IepRecord>>();
  for await (const iep of records<IepRecord>('ieps')) ieps.set(iep.clientId, { ...(ieps.get(iep.clientId) ?? {}), [iep.id]: iep });
  await bounded([...ieps.entries()], async ([clientId, set]) => {
    await transact([
      { Put: { Item: { ...keys.iepSet(accountId, clientId), type: entity.iepSet, accountId, clientId, ieps: set, version: 1 }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...Object.keys(set).map((iepId): TxItem => ({ Put: { Item: { ...keys.iepRef(accountId, iepId), type: entity.iepRef, accountId, iepId, clientId } } })),
    ]);
    for (const _ of Object.keys(set)) await target.done('ieps');
  });

  // The settings lists, one item each.
  const lists: [ExportFileName, { PK: string; SK: string }, string, string][] = [
    ['reporting-periods', keys.reportingPeriods(accountId), entity.reportingPeriods, 'periods'],
    ['school-years', keys.schoolYears(accountId), entity.schoolYears, 'schoolYears'],
    ['closures', keys.closures(accountId), entity.closures, 'closures'],
  ];
  for (const [file, key, type, field] of lists) {
    const list: unknown[] = [];
    for await (const r of records(file)) {
      list.push(r);
      await target.done(file);
    }
    if (list.length) await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, type, accountId, [field]: list, version: 1 } }));
  }

  await each<Omit<SessionItem, 'accountId' | 'signedClientIds'> & { signedClientIds?: string[] }>('sessions', async (s) => {
    const { signedClientIds, ...rest } = s;
    await commitSessionChange(accountId, undefined, { ...rest, accountId, ...(signedClientIds?.length ? { signedClientIds: new Set(signedClientIds) } : {}) });
  });
  await each<Omit<SessionSeriesItem, 'accountId' | 'version'>>('session-series', (s) => put({ ...keys.sessionSeries(accountId, s.id), type: entity.sessionSeries, ...s, accountId, version: 1 }));

  // A progress row's trials are their own file (one line each): gathered by row, then put back on it.
  const trials = new Map<string, { index: number; correct: boolean; cue: string }[]>();
  for await (const t of records<{ sessionId: string; goalId: string; index: number; correct: boolean; cue: string }>('trials')) {
    const key = `${t.sessionId}|${t.goalId}`;
    trials.set(key, [...(trials.get(key) ?? []), { index: t.index, correct: t.correct, cue: t.cue }]);
    await target.done('trials');
  }
  await each<Omit<ProgressItem, 'accountId'>>('progress', async (p) => {
    const own = (trials.get(`${p.sessionId}|${p.goalId}`) ?? []).sort((a, b) => a.index - b.index).map(({ correct, cue }) => ({ correct, cue }));
    await put({
      ...keys.progress(accountId, p.sessionId, p.goalId),
      ...keys.progressIndex(accountId, p.clientId, p.sessionId, p.goalId, p.recordedAt),
      type: entity.progress,
      ...p,
      accountId,
      ...(own.length ? { trials: own } : {}),
    });
  });
  await each<Omit<SessionNoteItem, 'accountId'>>('session-notes', async (n) => {
    // A note an assistant signed waits in the co-signature list until an SLP co-signs it.
    const waits = n.signature?.role === 'assistant' && !n.cosignature;
    await put({
      ...keys.sessionNote(accountId, n.sessionId, n.clientId),
      ...(waits ? keys.awaitingCosignatureIndex(accountId, n.signature!.at, n.sessionId, n.clientId) : {}),
      type: entity.sessionNote,
      ...n,
      accountId,
    });
  });
  await each<Omit<ProgressNoteItem, 'accountId'>>('progress-notes', (n) => transact([putNoteItem({ ...n, accountId })]));
  await each<{ id: string; at: string; actorId?: string }>('audit-events', (e) =>
    put({
      ...keys.audit(accountId, e.at, e.id),
      ...(e.actorId ? keys.auditByActor(accountId, e.actorId, e.at, e.id) : {}),
      type: entity.audit,
      ...e,
      // It expires as audit.ts writes it: counted from when it happened, not from the import.
      ttl: Math.floor(Date.parse(e.at) / 1000) + AUDIT_RETENTION_SECONDS,
    }),
  );
  for await (const _ of records('service-log')) await target.done('service-log');

  // Every imported user waits for the owner's password (part 4 §5).
  await bounded(userIds, async (userId) => {
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.user(accountId, userId), UpdateExpression: 'SET isActive = :off, authVersion = if_not_exists(authVersion, :zero) + :one', ExpressionAttributeValues: { ':off': false, ':zero': 0, ':one': 1 } }),
    );
  });
}

/** Claims the e-mail for the imported user; false when this deployment already has it (the source district still exists). */
async function claimEmail(accountId: string, userId: string, email: string): Promise<boolean> {
  try {
    await put({ ...keys.email(email), type: entity.email, accountId, userId });
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
