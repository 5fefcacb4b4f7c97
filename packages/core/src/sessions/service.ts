/**
 * Therapy sessions: list by period, schedule, read, edit and delete. Every write carries the
 * dashboard counters in its transaction (see repo.ts) and is audited without content or names.
 */
import type * as z from 'zod/mini';
import { MAKEUP_ALREADY_SCHEDULED, MAKEUP_NOT_OWED } from '@caseload/contract/school-year';
import type { ParticipantStatus } from '@caseload/contract/enums';
import type { scheduleSessionBody, Session, sessionsQuery, updateSessionBody } from '@caseload/contract/sessions';
import { recordAudit } from '../audit.ts';
import { getVisibleClients } from '../caseload/access.ts';
import { now, nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import type { TxItem } from '../db.ts';
import { BadRequestError, ConflictError, ForbiddenError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { ClientItem, MakeupItem, ParticipantEntry, SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import type { Prefetched } from '../prefetch.ts';
import { SIGNED_PARTICIPANT_NOT_REMOVABLE } from '../signatures/messages.ts';
import { retryOnConflict } from '../db/conflicts.ts';
import { getItem } from '../db/get-item.ts';
import { resolveRange, toUtcIso } from '../list-range.ts';
import { actorName } from '../people/actor-name.ts';
import { providerOf } from './provider.ts';
import { commitSessionChange, type LinkedWrites, queryProviderSessions, querySessions, readSession } from './repo.ts';
import { refreshGoalsAtRiskOf } from '../monitoring/summary.ts';
import { isVisibleEntry, requireVisible, toSessionDetail, toSessionSummary } from './view.ts';

type ScheduleInput = z.output<typeof scheduleSessionBody>;
type UpdateInput = z.output<typeof updateSessionBody>;

export function auditSession(auth: AuthContext, action: string, sessionId: string, summary: string) {
  return recordAudit(auth.accountId, { action, actorId: auth.userId, actorName: actorName(auth), entityType: 'session', entityId: sessionId, summary });
}

/**
 * A session given to a provider other than the one doing it: ids only (the provider's id is part
 * of the event's summary so the trail says to whom, without a name).
 */
function auditProvider(auth: AuthContext, sessionId: string, providerId: string) {
  return auditSession(auth, 'session.provider_changed', sessionId, `Set the session's provider to user ${providerId}`);
}

/** Only active, non-archived clients can join a session; clients already in it may stay whatever their status. */
export function requireSchedulable(clients: ClientItem[]) {
  if (clients.some((c) => c.status !== 'active' || c.archivedAt)) {
    const message = 'Only active clients can be scheduled';
    throw new BadRequestError(message, [{ path: 'clientIds', message }]);
  }
}

/** The participant entry: status (with its cancel reason) and when added are kept; names and organization follow the client. */
export function participantEntry(client: ClientItem, previous: ParticipantEntry | undefined, at: string): ParticipantEntry {
  return {
    status: previous?.status ?? 'scheduled',
    cancelReason: previous?.cancelReason,
    firstName: client.firstName,
    lastInitial: client.lastInitial,
    organizationId: client.organizationId,
    addedAt: previous?.addedAt ?? at,
  };
}

const blankToUndefined = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** Statuses that record what happened to the student; canceling the whole session leaves them as they are. */
const RECORDED: readonly ParticipantStatus[] = ['present', 'absent'];

/**
 * Part 4 §1.3: canceling a whole session cancels each participation not yet present or absent, with
 * the session's reason (so the make-up rule, decided per participation in minutes/ledger.ts, follows
 * the session's reason).
 */
export function cancelParticipations(participants: SessionItem['participants'], cancelReason: SessionItem['cancelReason']): SessionItem['participants'] {
  return Object.fromEntries(
    Object.entries(participants).map(([id, entry]) => [id, RECORDED.includes(entry.status) ? entry : { ...entry, status: 'canceled', cancelReason }]),
  );
}

/**
 * Sessions of the period (see range.ts for the default), oldest first, as the user may see them:
 * everyone's from the account's time index, or one provider's ('me' is the caller) from the
 * provider index, one Query either way. Organization limits apply the same on both paths.
 */
export async function listSessions(auth: AuthContext, query: z.output<typeof sessionsQuery>): Promise<Session[]> {
  const { from, to } = resolveRange(query, now());
  const provider = query.providerId === 'me' ? auth.userId : query.providerId;
  const items = provider === 'all' ? await querySessions(auth.accountId, from, to) : await queryProviderSessions(auth.accountId, provider, from, to);
  // A session with no participant the user may see does not exist for the user.
  return items.map((item) => toSessionSummary(auth, item)).filter((s) => s.participants.length > 0);
}

/** `pre`: the session item read with the login session (the route's prefetch), so the answer costs two requests. */
export async function getSession(auth: AuthContext, sessionId: string, pre?: Prefetched): Promise<Session> {
  const item = requireVisible(auth, await readSession(auth.accountId, sessionId, pre));
  return toSessionDetail(auth, item);
}

/** Reads the session the user may see, applies `change`, and writes it; a lost race starts over. */
export function mutateSession(auth: AuthContext, sessionId: string, change: (before: SessionItem) => SessionItem | Promise<SessionItem>) {
  return retryOnConflict(async () => {
    const before = requireVisible(auth, await readSession(auth.accountId, sessionId));
    return (await commitSessionChange(auth.accountId, before, await change(before)))!;
  });
}

/**
 * The settlement of the make-ups a new session makes up: for each of its clients whose participation
 * in `makeupForSessionId` was canceled and is not yet made up, `settledBy` = the new session, in the
 * session's own transaction. The condition (still owed, not settled) is what decides a race between
 * two make-ups of the same participation: the second one's transaction is refused (409).
 */
async function makeupSettlement(accountId: string, sessionId: string, clientIds: string[], makeupForSessionId: string): Promise<LinkedWrites> {
  // Consistent: a make-up settled a moment ago must read as settled.
  const owed = await Promise.all(clientIds.map((clientId) => getItem<MakeupItem>(keys.makeup(accountId, clientId, makeupForSessionId))));
  const found = owed.filter((m): m is MakeupItem => m !== undefined);
  if (!found.length) throw new BadRequestError(MAKEUP_NOT_OWED, [{ path: 'makeupForSessionId', message: MAKEUP_NOT_OWED }]);
  const open = found.filter((m) => !m.settledBy);
  if (!open.length) throw new ConflictError(MAKEUP_ALREADY_SCHEDULED);
  const items: TxItem[] = open.map((m) => ({
    Update: {
      Key: keys.makeup(accountId, m.clientId, makeupForSessionId),
      UpdateExpression: 'SET settledBy = :session',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(settledBy)',
      ExpressionAttributeValues: { ':session': sessionId },
    },
  }));
  return { items, refused: () => new ConflictError(MAKEUP_ALREADY_SCHEDULED) };
}

export async function createSession(auth: AuthContext, input: ScheduleInput): Promise<Session> {
  // Every client is checked before anything is written: an unknown or hidden id is a 404.
  const clients = await getVisibleClients(auth, input.clientIds, { includeArchived: true });
  requireSchedulable(clients);
  const at = nowIso();
  const item: SessionItem = {
    id: newId(),
    accountId: auth.accountId,
    sessionType: input.type,
    status: 'scheduled',
    scheduledAt: toUtcIso(input.scheduledAt),
    duration: input.duration,
    notes: blankToUndefined(input.notes),
    providerId: input.providerId ?? auth.userId,
    participants: Object.fromEntries(clients.map((c) => [c.id, participantEntry(c, undefined, at)])),
    makeupForSessionId: input.makeupForSessionId,
    evaluationCode: input.type === 'evaluation' ? input.evaluationCode : undefined,
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
    updatedBy: auth.userId,
  };
  const makeupFor = input.makeupForSessionId;
  // A conflict with a concurrent transaction on a shared item (a counter, a make-up) starts over from
  // the make-ups' read; the session's Put is conditioned on its new id, so it is never written twice.
  const written = (await retryOnConflict(async () => {
    const linked = makeupFor ? await makeupSettlement(auth.accountId, item.id, Object.keys(item.participants), makeupFor) : undefined;
    return commitSessionChange(auth.accountId, undefined, item, linked);
  }))!;
  await auditSession(auth, 'session.created', item.id, `Scheduled a ${item.sessionType} session with ${clients.length} client(s)`);
  if (item.providerId !== auth.userId) await auditProvider(auth, item.id, item.providerId!);
  return toSessionDetail(auth, written, clients);
}

/**
 * A full edit. `clientIds` replace the participants the user can see (kept ones keep their status);
 * participants outside the user's organizations stay, since the user could not have chosen them.
 * Documentation of removed participants goes with them.
 */
export async function updateSession(auth: AuthContext, sessionId: string, input: UpdateInput): Promise<Session> {
  const clients = await getVisibleClients(auth, input.clientIds, { includeArchived: true });
  let previousProvider: string | undefined;
  let previousParticipants: string[] = [];
  const written = await mutateSession(auth, sessionId, (before) => {
    previousProvider = providerOf(before);
    previousParticipants = Object.keys(before.participants);
    requireSchedulable(clients.filter((c) => !before.participants[c.id]));
    const at = nowIso();
    const hidden = Object.entries(before.participants).filter(([id, entry]) => !isVisibleEntry(auth, entry) && !input.clientIds.includes(id));
    const kept = new Set([...hidden.map(([id]) => id), ...input.clientIds]);
    if ([...(before.signedClientIds ?? [])].some((id) => !kept.has(id))) throw new ConflictError(SIGNED_PARTICIPANT_NOT_REMOVABLE);
    const participants = Object.fromEntries([...hidden, ...clients.map((c) => [c.id, participantEntry(c, before.participants[c.id], at)] as const)]);
    const canceled = input.status === 'canceled';
    return {
      ...before,
      sessionType: input.type,
      evaluationCode: input.type === 'evaluation' ? input.evaluationCode : undefined,
      status: input.status,
      // The schema requires a reason with `canceled`; any other status carries none.
      cancelReason: canceled ? input.cancelReason : undefined,
      scheduledAt: toUtcIso(input.scheduledAt),
      duration: input.duration,
      notes: blankToUndefined(input.notes),
      providerId: input.providerId ?? previousProvider,
      participants: canceled ? cancelParticipations(participants, input.cancelReason) : participants,
      updatedAt: at,
      updatedBy: auth.userId,
    };
  });
  await auditSession(auth, 'session.updated', sessionId, 'Updated a session');
  if (written.providerId !== previousProvider) await auditProvider(auth, sessionId, written.providerId!);
  // Its time, status or participants move what monitoring rests on (part 4 §7): their goals at risk are recounted.
  await refreshGoalsAtRiskOf(auth.accountId, [...previousParticipants, ...Object.keys(written.participants)]);
  return toSessionDetail(auth, written, clients);
}

/**
 * Deletes the session with its notes and progress rows. Refused (403) when it has participants
 * outside the user's organizations: their documentation is not the user's to destroy; and (409)
 * when any note of it is signed (frozen.ts, inside the write path).
 */
export async function deleteSession(auth: AuthContext, sessionId: string): Promise<void> {
  const deleted = await retryOnConflict(async () => {
    const before = requireVisible(auth, await readSession(auth.accountId, sessionId));
    if (Object.values(before.participants).some((p) => !isVisibleEntry(auth, p))) {
      throw new ForbiddenError('This session includes clients outside your organizations');
    }
    await commitSessionChange(auth.accountId, before, undefined);
    return before;
  });
  await auditSession(auth, 'session.deleted', sessionId, 'Deleted a session and its documentation');
  await refreshGoalsAtRiskOf(auth.accountId, Object.keys(deleted.participants));
}
