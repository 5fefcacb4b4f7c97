/**
 * Session documentation, the autosave targets: one note per (session, client) and one progress row
 * per (session, goal). A save is a Put of the whole row, so repeating it changes nothing and of two
 * concurrent saves the later one wins whole. Each Put is written together with a check that the
 * client is still a participant (and, for progress, that the session is still at the time the row
 * records), so nothing is ever written for a removed participant or a deleted session. Both saves
 * are refused (409) once the client's documentation of the session is signed, by a condition in
 * the same write (signatures/lock.ts). The progress row is written by the count form here and by
 * live trials (trials.ts), whose Put is further conditioned so that the device's newest state wins.
 *
 * A trial is saved on every tap, so a progress row carries its own guard once it exists: its first
 * save (and any save after something closed it) is the transaction; later ones are one conditional
 * Put of the row while it is `openForSaves` and at the session's time. Every write that would fail
 * the transaction's checks closes or moves the row in its own write: signing removes the mark
 * (signatures/service.ts), marking the student absent or canceled removes it, removing the student
 * or deleting the session deletes the row, and a reschedule moves its time (repo.ts docFixes).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { NOT_PRESENT, wasNotThere, type ProgressPoint, type SessionNote, type Goal } from '@caseload/contract/sessions';
import { recordAudit } from '../audit.ts';
import { nowIso } from '../clock.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { db, transact, type TxItem } from '../db.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { goalsOfClient, goalsWithStanding, readGoal } from '../goals/repo.ts';
import type { GoalItem, ProgressItem, SessionItem, SessionNoteItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import type { Prefetched } from '../prefetch.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { tableName } from '../table.ts';
import { failedConditionAt, signedNoteRefusal, unsignedNoteCheck, unsignedNoteCondition } from '../signatures/lock.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { getItem } from '../db/get-item.ts';
import { isNoteRow, isProgressRow, listDocs, participantCheck, progressKeys, readSession, type ParticipantCheckOptions } from './repo.ts';
import { actorName } from '../people/actor-name.ts';
import { findVisibleClient, requireVisible, visibleParticipants } from './view.ts';

/**
 * Autosave writes every second or two while someone types; one audit event per row, user and
 * quarter hour records who edited what and when without flooding the activity list.
 */
const AUDIT_COALESCE_MS = 15 * 60_000;

function worthAuditing(auth: AuthContext, previous: { updatedAt: string; updatedBy?: string } | undefined, at: string) {
  return !previous || previous.updatedBy !== auth.userId || Date.parse(at) - Date.parse(previous.updatedAt) >= AUDIT_COALESCE_MS;
}

function auditDocumentation(auth: AuthContext, kind: 'session_note' | 'progress', sessionId: string, created: boolean) {
  const what = kind === 'session_note' ? 'session notes' : 'progress data';
  return recordAudit(auth.accountId, {
    action: `${kind}.${created ? 'created' : 'updated'}`,
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: kind,
    entityId: sessionId,
    summary: `${created ? 'Recorded' : 'Updated'} ${what} for a session`,
  });
}

const visibleClientIds = (auth: AuthContext, session: SessionItem) => new Set(visibleParticipants(auth, session).map((p) => p.clientId));

const signatureOf = (s: NonNullable<SessionNoteItem['signature']>) => ({ userId: s.userId, name: s.name, role: s.role, at: s.at, facts: s.facts });

/** A note row as answered: its signature, co-signature and addenda (oldest first) when it has them. */
export const toSessionNote = (row: SessionNoteItem): SessionNote => ({
  clientId: row.clientId,
  notes: row.notes,
  updatedAt: row.updatedAt,
  signature: row.signature && signatureOf(row.signature),
  cosignature: row.cosignature && signatureOf(row.cosignature),
  addenda: (row.addenda ?? []).map((a) => ({ text: a.text, userId: a.userId, name: a.name, at: a.at })),
});

/** A progress row as answered: with its trials and what they add up to when it was scored live. */
export const toProgressPoint = (row: ProgressItem): ProgressPoint => ({
  id: row.id,
  goalId: row.goalId,
  clientId: row.clientId,
  sessionId: row.sessionId,
  successfulAttempts: row.successfulAttempts,
  totalAttempts: row.totalAttempts,
  notes: row.notes,
  recordedAt: row.recordedAt,
  trials: row.trials,
  independentCorrect: row.independentCorrect,
  cueCounts: row.cueCounts,
  correctByCue: row.correctByCue,
  clientUpdatedAt: row.clientUpdatedAt,
});

/**
 * The condition a documentation save is written under: the client is still a participant (and, for
 * progress, the session is still at the row's time). The first save of a session turns that check
 * into an Update of the session that marks it `documented` and bumps its version under the same
 * condition: a series change that read the session before (and deletes it conditioned on the
 * version it read) then loses its race and re-reads, so it never removes a session documented a
 * moment before. Later saves keep the cheap ConditionCheck.
 */
export function documentationGuard(accountId: string, session: SessionItem, clientId: string, opts: ParticipantCheckOptions & { bumpVersion?: boolean } = {}): TxItem {
  const check = participantCheck(accountId, session, clientId, opts) as Extract<TxItem, { ConditionCheck: unknown }>;
  if (session.documented && !opts.bumpVersion) return check;
  const { Key, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = check.ConditionCheck;
  return {
    Update: {
      Key,
      UpdateExpression: 'SET #documented = :true ADD #version :one',
      ConditionExpression,
      ExpressionAttributeNames: { ...ExpressionAttributeNames, '#documented': 'documented', '#version': 'version' },
      ExpressionAttributeValues: { ...ExpressionAttributeValues, ':true': true, ':one': 1 },
    },
  };
}

/** Notes of the participants the user may see. */
export async function listSessionNotes(auth: AuthContext, sessionId: string): Promise<SessionNote[]> {
  const [session, rows] = await Promise.all([readSession(auth.accountId, sessionId), listDocs(auth.accountId, sessionId)]);
  const visible = visibleClientIds(auth, requireVisible(auth, session));
  return rows.filter(isNoteRow).filter((r) => visible.has(r.clientId)).map(toSessionNote);
}

/** Progress rows of the participants the user may see. */
export async function listSessionProgress(auth: AuthContext, sessionId: string): Promise<ProgressPoint[]> {
  const [session, rows] = await Promise.all([readSession(auth.accountId, sessionId), listDocs(auth.accountId, sessionId)]);
  const visible = visibleClientIds(auth, requireVisible(auth, session));
  return rows.filter(isProgressRow).filter((r) => visible.has(r.clientId)).map(toProgressPoint);
}

/** Goals (every status: the screen filters) of the participants the user may see. */
export async function getSessionClientGoals(auth: AuthContext, sessionId: string): Promise<Goal[]> {
  const session = requireVisible(auth, await readSession(auth.accountId, sessionId));
  const perClient = await Promise.all(
    visibleParticipants(auth, session).map(async (p) => {
      const goals = (await goalsOfClient(auth.accountId, p.clientId)).filter((g) => canSeeOrganization(auth, g.organizationId));
      return goalsWithStanding(auth.accountId, p.clientId, goals);
    }),
  );
  return perClient.flat();
}

/** Upserts the note of (session, client). The notes are sanitized; an empty note is a valid note. */
export async function saveSessionNote(auth: AuthContext, sessionId: string, input: { clientId: string; notes: string }): Promise<SessionNote> {
  const notes = sanitizeRichText(input.notes);
  const key = keys.sessionNote(auth.accountId, sessionId, input.clientId);
  const { row, previous } = await retryOnConflict(async () => {
    const [stored, client, previous] = await Promise.all([
      readSession(auth.accountId, sessionId),
      findVisibleClient(auth, input.clientId),
      getItem<SessionNoteItem>(key),
    ]);
    const session = requireVisible(auth, stored);
    if (!client || !session.participants[input.clientId]) throw new NotFoundError('Participant');
    if (previous?.signature) throw signedNoteRefusal();
    const row: SessionNoteItem = { accountId: auth.accountId, sessionId, clientId: input.clientId, notes, updatedAt: nowIso(), updatedBy: auth.userId };
    // The whole row is put only while it is unsigned: a signature committed after the read above
    // refuses this write rather than being overwritten by it.
    const put: TxItem = { Put: { Item: { ...key, type: entity.sessionNote, ...row }, ...unsignedNoteCondition } };
    await transact([documentationGuard(auth.accountId, session, input.clientId), put]).catch((e: unknown) => {
      throw failedConditionAt(e, 1) ? signedNoteRefusal() : e;
    });
    return { row, previous };
  });
  if (worthAuditing(auth, previous, row.updatedAt)) await auditDocumentation(auth, 'session_note', sessionId, !previous);
  return toSessionNote(row);
}

/** What every progress row of (session, goal) carries, whichever form wrote it. */
export type ProgressBase = Pick<ProgressItem, 'id' | 'accountId' | 'sessionId' | 'goalId' | 'clientId' | 'organizationId' | 'recordedAt' | 'updatedAt' | 'updatedBy'>;

/** A condition on the stored row a progress Put is written under. */
export interface RowCondition {
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/**
 * What a progress save decided after reading: write `row` (under `condition`, when the decision
 * depends on the stored row), or write nothing and answer the stored row.
 */
export type ProgressDecision = { write: ProgressItem; condition?: RowCondition } | { keep: ProgressItem };

/**
 * The save of the progress row of (session, goal), shared by the count form and the trials. The
 * goal must be one the user may see, of a client in the session; `decide` builds the row from the
 * goal and the stored row. The row is recorded at the session's time, so period queries follow
 * when the work happened; it moves when the session is rescheduled. The Put goes in one
 * transaction with the participant and session-time guard and the signed-note lock, or, when the
 * stored row is open, alone under the row's own guard (openRowCondition); a lost race (a guard, the
 * condition, a transaction conflict) is retried from the read. The first read may come with the
 * login session's (`pre`: progressPrefetch), so a save is two requests: a BatchGet and a Put.
 */
export async function upsertProgress(
  auth: AuthContext,
  sessionId: string,
  goalId: string,
  decide: (stored: { goal: GoalItem; previous: ProgressItem | undefined; base: ProgressBase }) => ProgressDecision,
  pre?: Prefetched,
): Promise<ProgressPoint> {
  const key = keys.progress(auth.accountId, sessionId, goalId);
  const { row, previous, written } = await retryOnConflict(async () => {
    const [stored, goal, previous] = await Promise.all([readSession(auth.accountId, sessionId, pre), readGoal(auth.accountId, goalId, pre), getItem<ProgressItem>(key, pre)]);
    const session = requireVisible(auth, stored);
    // The goal carries its client's organization (kept current when a client moves).
    if (!goal || !canSeeOrganization(auth, goal.organizationId)) throw new NotFoundError('Goal');
    const participation = session.participants[goal.clientId];
    if (!participation) throw new BadRequestError('This goal belongs to a client who is not in this session');
    // Data only for a student who was there (part 4 §1.6); the write's guard holds it to the end.
    if (wasNotThere(participation.status)) throw new ConflictError(NOT_PRESENT);
    const decision = decide({
      goal,
      previous,
      base: {
        // One row per (session, goal): the id is derived, so every save of the pair names the same row.
        id: `${sessionId}:${goal.id}`,
        accountId: auth.accountId,
        sessionId,
        goalId: goal.id,
        clientId: goal.clientId,
        organizationId: goal.organizationId,
        recordedAt: session.scheduledAt,
        updatedAt: nowIso(),
        updatedBy: auth.userId,
      },
    });
    if ('keep' in decision) return { row: decision.keep, previous, written: false };
    const row = decision.write;
    const item = { ...progressKeys(row), type: entity.progress, ...row, openForSaves: true as const };
    if (previous?.openForSaves && previous.recordedAt === row.recordedAt && session.documented) {
      // The row is open: nothing has closed it since a guarded save, so one conditional Put holds
      // what the transaction below holds (closingConditions). A failed condition retries from the read.
      await db().send(new PutCommand({ TableName: tableName(), Item: item, ...openRowCondition(row.recordedAt, decision.condition) }));
      return { row, previous, written: true };
    }
    await transact([
      // The version bump tells a signature that read the session's rows before this one existed
      // that it missed one: it reads again, and closes this row too.
      documentationGuard(auth.accountId, session, goal.clientId, { sameTime: true, present: true, bumpVersion: true }),
      { Put: { Item: item, ...decision.condition } },
      // The client's signed note locks its progress and trials in this session too.
      unsignedNoteCheck(auth.accountId, sessionId, goal.clientId),
    ]).catch((e: unknown) => {
      throw failedConditionAt(e, 2) ? signedNoteRefusal() : e;
    });
    return { row, previous, written: true };
  });
  if (written && worthAuditing(auth, previous, row.updatedAt)) await auditDocumentation(auth, 'progress', sessionId, !previous);
  return toProgressPoint(row);
}

/**
 * The condition of a save that skips the transaction: the stored row is still open (a signature or
 * the student marked not there removes `openForSaves`; removing the student or deleting the session
 * deletes the row) and still at the session's time as read (a reschedule moves the row's time), and
 * meets the save's own condition.
 */
function openRowCondition(recordedAt: string, own: RowCondition | undefined): RowCondition {
  return {
    ConditionExpression: `attribute_exists(#openForSaves) AND #recordedAt = :recordedAt${own ? ` AND (${own.ConditionExpression})` : ''}`,
    ExpressionAttributeNames: { ...own?.ExpressionAttributeNames, '#openForSaves': 'openForSaves', '#recordedAt': 'recordedAt' },
    ExpressionAttributeValues: { ...own?.ExpressionAttributeValues, ':recordedAt': recordedAt },
  };
}

interface ProgressInput {
  goalId: string;
  successfulAttempts: number;
  totalAttempts: number;
  notes?: string;
}

/** What a progress save reads first, for the route to read with the login session (prefetch.ts). */
export const progressPrefetch = (accountId: string, sessionId: string, goalId: string) => [
  keys.session(accountId, sessionId),
  keys.goal(accountId, goalId),
  keys.progress(accountId, sessionId, goalId),
];

/** The count form: replaces the row of (session, goal) with counts only (no trials, no clientUpdatedAt). */
export function saveSessionProgress(auth: AuthContext, sessionId: string, input: ProgressInput, pre?: Prefetched): Promise<ProgressPoint> {
  const notes = input.notes === undefined ? undefined : sanitizeRichText(input.notes);
  return upsertProgress(
    auth,
    sessionId,
    input.goalId,
    ({ base }) => ({ write: { ...base, successfulAttempts: input.successfulAttempts, totalAttempts: input.totalAttempts, notes } }),
    pre,
  );
}
