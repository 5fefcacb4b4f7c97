/**
 * Session storage: the session item (participants as a map), its time index, and the partition of
 * its documentation (`ACCT#a#SESSION#s`: `NOTE#<client>` and `PROG#<goal>` rows).
 *
 * Every session write goes through `commitSessionChange`: the session itself (conditioned on the
 * version read), the dashboard counters, the minutes ledger (delivered minutes per client and school
 * day, owed make-ups: minutes/ledger.ts) and the documentation the change affects, in one
 * transaction when they fit. Rows it affects are those of removed participants (deleted), after
 * a reschedule, progress rows whose time keys must follow the session, and progress rows of a
 * student just marked absent or canceled (closed to saves: docFixes).
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOT_THERE, wasNotThere } from '@caseload/contract/sessions';
import { eachInPool } from '../concurrency.ts';
import { sessionCounterChanges } from '../counters.ts';
import { db, queryPartition, transact, type TxItem, unlessConditionFailed } from '../db.ts';
import { BadRequestError, type HttpError } from '../errors.ts';
import type { ProgressItem, SessionItem, SessionNoteItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import type { Prefetched } from '../prefetch.ts';
import { changesLedger, sessionLedgerChanges } from '../minutes/ledger.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { tableName } from '../table.ts';
import { isLostRace, versionCondition } from '../db/conflicts.ts';
import { getItem } from '../db/get-item.ts';
import { requireUnfrozen } from './frozen.ts';
import { failedProviderCheck, needsProviderCheck, providerCheck, providerOf, providerRefused } from './provider.ts';

/**
 * DynamoDB's limit on the items of one transaction. A session change's own writes are at most:
 * the session (1), its provider's check (1), counters on the old and the new UTC day for the
 * account and each participant's organization (2 × (1 + organizations)), and two ledger items per
 * participant (the old and the new school day of a completed session moved to another day, or a
 * day total and a make-up) — with 30 participants, 2 + 2 × (1 + k) + 60, which fits up to k = 18
 * organizations. A create carries at most one ledger item and one make-up settlement per
 * participant and one day of counters: 2 + 30 + 30 + 31 = 93. Beyond 100 the change is refused
 * (`TOO_LARGE_MESSAGE`), never split: a split would let the ledger disagree with the sessions.
 */
const MAX_TRANSACTION_ITEMS = 100;

export const TOO_LARGE_MESSAGE =
  'This change touches too many students and schools to save at once. Set the session back to scheduled, move it, then mark it completed again.';
/** Parallel single-item writes when repairing documentation outside a transaction. */
const REPAIR_CONCURRENCY = 10;

type Keyed<T> = T & { PK: string; SK: string };
export type NoteRow = Keyed<SessionNoteItem>;
export type ProgressRow = Keyed<ProgressItem>;
type DocRow = NoteRow | ProgressRow;

export const isProgressRow = (row: DocRow): row is ProgressRow => sortKeys.isProgress(row.SK);
export const isNoteRow = (row: DocRow): row is NoteRow => sortKeys.isSessionNote(row.SK);

export const readSession = (accountId: string, sessionId: string, pre?: Prefetched) => getItem<SessionItem>(keys.session(accountId, sessionId), pre);

/** Sessions scheduled in [from, to): the index sorts `<scheduledAt>#<id>`, so `to#…` sorts after `to`. */
export function querySessions(accountId: string, from: string, to: string, limit?: number): Promise<SessionItem[]> {
  return queryPartition<SessionItem>({ index: 'GSI2', pk: keys.sessionsByTime(accountId), skBetween: [from, to], limit });
}

/** One provider's sessions scheduled in [from, to), on the provider index (GSI1), sorted the same way. */
export function queryProviderSessions(accountId: string, providerId: string, from: string, to: string, limit?: number): Promise<SessionItem[]> {
  return queryPartition<SessionItem>({ index: 'GSI1', pk: keys.sessionsOfProvider(accountId, providerId), skBetween: [from, to], limit });
}

/** Notes and progress rows of one session (consistent: an autosave's GET must see its POST). */
export function listDocs(accountId: string, sessionId: string): Promise<DocRow[]> {
  return queryPartition<DocRow>({ pk: keys.sessionDocs(accountId, sessionId), consistent: true });
}

/** Progress rows are found by client and by time on the indexes; their time is the session's. */
export function progressKeys(row: Pick<ProgressItem, 'accountId' | 'sessionId' | 'goalId' | 'clientId' | 'recordedAt'>) {
  return {
    ...keys.progress(row.accountId, row.sessionId, row.goalId),
    ...keys.progressIndex(row.accountId, row.clientId, row.sessionId, row.goalId, row.recordedAt),
  };
}

/**
 * The writes that make a session's documentation agree with the session (or its absence): rows of
 * clients no longer in it are deleted, progress rows recorded at another time are moved, and
 * progress rows of a student marked absent or canceled are closed to the saves that skip the
 * transaction (documentation.ts), so the next save meets the transaction's "was there" check.
 */
function docFixes(rows: DocRow[], session: SessionItem | undefined): TxItem[] {
  const fixes: TxItem[] = [];
  for (const row of rows) {
    const key = { PK: row.PK, SK: row.SK };
    const participant = session?.participants[row.clientId];
    if (!participant) {
      fixes.push({ Delete: { Key: key } });
      continue;
    }
    if (!isProgressRow(row)) continue;
    const moves = row.recordedAt !== session.scheduledAt;
    const closes = !!row.openForSaves && wasNotThere(participant.status);
    if (!moves && !closes) continue;
    const { GSI1SK, GSI2SK } = progressKeys({ ...row, recordedAt: session.scheduledAt });
    fixes.push({
      Update: {
        Key: key,
        UpdateExpression: `SET recordedAt = :at, GSI1SK = :g1, GSI2SK = :g2${closes ? ' REMOVE openForSaves' : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': session.scheduledAt, ':g1': GSI1SK, ':g2': GSI2SK },
      },
    });
  }
  return fixes;
}

/** Whether a change can leave documentation rows behind, at the wrong time, or open for a student who was not there. */
function affectsDocs(before: SessionItem, after: SessionItem | undefined): boolean {
  if (!after) return true;
  if (after.scheduledAt !== before.scheduledAt) return true;
  if (Object.keys(before.participants).some((clientId) => !after.participants[clientId])) return true;
  return Object.entries(after.participants).some(([clientId, p]) => {
    const was = before.participants[clientId];
    return wasNotThere(p.status) && (!was || !wasNotThere(was.status));
  });
}

function counterState(session: SessionItem | undefined) {
  if (!session) return undefined;
  const orgIds = Object.values(session.participants).map((p) => p.organizationId);
  return { orgIds, scheduledAt: session.scheduledAt, status: session.status };
}

function sessionWrite(accountId: string, before: SessionItem | undefined, after: SessionItem | undefined): { tx: TxItem; written?: SessionItem } {
  if (!after) return { tx: { Delete: { Key: keys.session(accountId, before!.id), ...versionCondition(before!.version) } } };
  // The whole item is put, so its index keys always follow its time and provider (a session from
  // before providers gets its creator written as provider at its first change).
  const providerId = providerOf(after);
  const written: SessionItem = {
    ...after,
    providerId,
    ...keys.session(accountId, after.id),
    ...keys.sessionIndex(accountId, after.scheduledAt, after.id),
    ...(providerId ? keys.sessionProviderIndex(accountId, providerId, after.scheduledAt, after.id) : {}),
    type: entity.session,
    version: (before?.version ?? 0) + 1,
  } as SessionItem;
  const condition = before ? versionCondition(before.version) : { ConditionExpression: 'attribute_not_exists(PK)' };
  return { tx: { Put: { Item: written, ...condition } }, written };
}

/**
 * Writes of other items that stand or fall with a session change (a make-up's settlement): they go
 * into its transaction, and a refusal by one of their conditions answers `refused()`.
 */
export interface LinkedWrites {
  items: TxItem[];
  refused: () => HttpError;
}

/** The ledger writes of a change; the account's time zone is read only when there are some. */
async function ledgerChanges(accountId: string, before: SessionItem | undefined, after: SessionItem | undefined): Promise<TxItem[]> {
  if (!changesLedger(before, after)) return [];
  return sessionLedgerChanges(accountId, await accountTimeZone(accountId), before, after);
}

/**
 * Creates (no `before`), updates, or deletes (no `after`) a session with its counters, its minutes
 * ledger, the documentation the change affects, `linked` writes, and, when the change needs it, the
 * check that its provider may provide it (400 when not). A change a signed note forbids is refused
 * (409, frozen.ts). Throws a lost race when the session changed
 * since `before` was read (callers retry from the read). Returns the item as written.
 */
export async function commitSessionChange(accountId: string, before: SessionItem | undefined, after: SessionItem | undefined, linked?: LinkedWrites) {
  if (before) requireUnfrozen(before, after);
  const sessionId = (after ?? before)!.id;
  const touchesDocs = before !== undefined && affectsDocs(before, after);
  const [docRows, ledger] = await Promise.all([touchesDocs ? listDocs(accountId, sessionId) : [], ledgerChanges(accountId, before, after)]);
  const { tx, written } = sessionWrite(accountId, before, after);
  const providerId = written && providerOf(written);
  const check = providerId && needsProviderCheck(before, written) ? [providerCheck(accountId, written, providerId)] : [];
  if (written && !providerId) throw providerRefused();
  // The provider's check sits right after the session's own write, then the linked writes: a
  // refusal is looked for at those places.
  const extra = linked?.items ?? [];
  const base = [tx, ...check, ...extra, ...sessionCounterChanges(accountId, counterState(before), counterState(after)), ...ledger];
  if (base.length > MAX_TRANSACTION_ITEMS) throw new BadRequestError(TOO_LARGE_MESSAGE);
  const fixes = docFixes(docRows, after);
  try {
    await transact([...base, ...fixes.slice(0, MAX_TRANSACTION_ITEMS - base.length)]);
  } catch (e) {
    if (check.length && failedProviderCheck(e, 1)) throw providerRefused();
    // The provider check's test fits any condition: refused at that place, not a lost race on the session.
    if (extra.some((_, i) => failedProviderCheck(e, 1 + check.length + i))) throw linked!.refused();
    throw e;
  }
  // A second look catches rows the transaction had no room for, and rows an autosave wrote between
  // the listing and the commit (autosaves check the session, so none can land after the commit).
  if (touchesDocs) await repairDocs(accountId, sessionId, after);
  if (before?.makeupForSessionId) await unsettleMakeups(accountId, before, after);
  return written;
}

/**
 * Gives back the make-ups a make-up session no longer makes up: those of its clients removed from
 * it, or all when it is deleted. After the transaction and best effort: conditioned on still being
 * settled by this session, so a participation no longer owed (its item deleted) or settled again
 * since is left alone.
 */
async function unsettleMakeups(accountId: string, before: SessionItem, after: SessionItem | undefined) {
  const makeupFor = before.makeupForSessionId!;
  const gone = Object.keys(before.participants).filter((clientId) => !after?.participants[clientId]);
  await Promise.all(
    gone.map((clientId) =>
      db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.makeup(accountId, clientId, makeupFor),
            UpdateExpression: 'REMOVE settledBy',
            ConditionExpression: 'settledBy = :session',
            ExpressionAttributeValues: { ':session': before.id },
          }),
        )
        .catch(unlessConditionFailed),
    ),
  );
}

async function repairDocs(accountId: string, sessionId: string, session: SessionItem | undefined) {
  await eachInPool(docFixes(await listDocs(accountId, sessionId), session), applyFix, REPAIR_CONCURRENCY);
}

async function applyFix(fix: TxItem) {
  if ('Delete' in fix) {
    await db().send(new DeleteCommand({ TableName: tableName(), ...fix.Delete }));
    return;
  }
  if (!('Update' in fix)) return;
  // A row deleted meanwhile needs no move.
  await db()
    .send(new UpdateCommand({ TableName: tableName(), ...fix.Update }))
    .catch((e: unknown) => {
      if (!isLostRace(e)) throw e;
    });
}

/**
 * The condition an autosave writes under: the client is still a participant (and, for progress,
 * the session is still at the time the row records). A deleted session fails it too, so no row is
 * ever written for a session that is gone.
 */
export function participantCheck(accountId: string, session: SessionItem, clientId: string, opts: ParticipantCheckOptions = {}): TxItem {
  const conditions = ['attribute_exists(#p.#c)'];
  const names: Record<string, string> = { '#p': 'participants', '#c': clientId };
  const values: Record<string, string> = {};
  if (opts.sameTime) {
    conditions.push('scheduledAt = :at');
    values[':at'] = session.scheduledAt;
  }
  if (opts.present) {
    const [absent, canceled] = NOT_THERE;
    conditions.push('NOT (#p.#c.#status IN (:absent, :canceled))');
    names['#status'] = 'status';
    Object.assign(values, { ':absent': absent, ':canceled': canceled });
  }
  return {
    ConditionCheck: {
      Key: keys.session(accountId, session.id),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
    },
  };
}

export interface ParticipantCheckOptions {
  /** The session is still at the time read (its rows are dated by it). */
  sameTime?: boolean;
  /** The participant was not marked absent or canceled meanwhile (data is recorded only for a student who was there). */
  present?: boolean;
}
