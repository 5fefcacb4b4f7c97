/**
 * Participants of a session: add a client, change a participant's status, remove one. Each answers
 * the updated session, so the screen can refresh from the response.
 */
import type { CancelReason, ParticipantStatus } from '@caseload/contract/enums';
import type { Session } from '@caseload/contract/sessions';
import { getVisibleClient } from '../caseload/access.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import type { SessionItem } from '../items.ts';
import { SIGNED_PARTICIPANT_NOT_REMOVABLE } from '../signatures/messages.ts';
import { auditSession, mutateSession, participantEntry, requireSchedulable } from './service.ts';
import { refreshGoalsAtRisk } from '../monitoring/summary.ts';
import { isVisibleEntry, toSessionDetail } from './view.ts';

/** As many as the scheduling form accepts; it also keeps a session's writes within one transaction. */
export const MAX_PARTICIPANTS = 30;

function requireParticipant(auth: AuthContext, session: SessionItem, clientId: string) {
  const entry = session.participants[clientId];
  if (!entry || !isVisibleEntry(auth, entry)) throw new NotFoundError('Participant');
  return entry;
}

const touched = (auth: AuthContext, before: SessionItem, participants: SessionItem['participants']): SessionItem => ({
  ...before,
  participants,
  updatedAt: nowIso(),
  updatedBy: auth.userId,
});

/** A participant's status with its cancel reason (the schema requires one with `canceled`; other statuses carry none). */
interface StatusInput {
  status: ParticipantStatus;
  cancelReason?: CancelReason;
}
const withStatus = <T extends object>(entry: T, input: StatusInput) => ({
  ...entry,
  status: input.status,
  cancelReason: input.status === 'canceled' ? input.cancelReason : undefined,
});

export async function addParticipant(auth: AuthContext, sessionId: string, input: { clientId: string } & StatusInput): Promise<Session> {
  const client = await getVisibleClient(auth, input.clientId, { includeArchived: true });
  requireSchedulable([client]);
  const written = await mutateSession(auth, sessionId, (before) => {
    if (before.participants[client.id]) throw new ConflictError('This client is already in the session');
    if (Object.keys(before.participants).length >= MAX_PARTICIPANTS) {
      throw new BadRequestError(`A session can have at most ${MAX_PARTICIPANTS} clients`);
    }
    const entry = withStatus(participantEntry(client, undefined, nowIso()), input);
    return touched(auth, before, { ...before.participants, [client.id]: entry });
  });
  await auditSession(auth, 'session.participant_added', sessionId, 'Added a client to a session');
  return toSessionDetail(auth, written, [client]);
}

export async function updateParticipant(auth: AuthContext, sessionId: string, clientId: string, input: StatusInput): Promise<Session> {
  const client = await getVisibleClient(auth, clientId, { includeArchived: true });
  const written = await mutateSession(auth, sessionId, (before) => {
    const entry = requireParticipant(auth, before, clientId);
    return touched(auth, before, { ...before.participants, [clientId]: withStatus(entry, input) });
  });
  await auditSession(auth, 'session.participant_updated', sessionId, 'Changed a participant status');
  // Absent or canceled: the student's data of this session stops counting (part 4 §1.6), and so in monitoring.
  await refreshGoalsAtRisk(auth.accountId, clientId);
  return toSessionDetail(auth, written, [client]);
}

/**
 * Removes a participant with their notes and progress rows for this session. The last participant
 * the user can see cannot be removed: a session needs a client, and the user would lose the session.
 * A participant whose documentation is signed cannot be removed (409): the signature's write bumps
 * the session's version, so this decision always sees it.
 */
export async function removeParticipant(auth: AuthContext, sessionId: string, clientId: string): Promise<Session> {
  await getVisibleClient(auth, clientId, { includeArchived: true });
  const written = await mutateSession(auth, sessionId, (before) => {
    requireParticipant(auth, before, clientId);
    if (before.signedClientIds?.has(clientId)) throw new ConflictError(SIGNED_PARTICIPANT_NOT_REMOVABLE);
    const remaining = Object.entries(before.participants).filter(([id]) => id !== clientId);
    if (!remaining.some(([, entry]) => isVisibleEntry(auth, entry))) throw new BadRequestError('A session needs at least one client');
    return touched(auth, before, Object.fromEntries(remaining));
  });
  await auditSession(auth, 'session.participant_removed', sessionId, 'Removed a client from a session');
  await refreshGoalsAtRisk(auth.accountId, clientId);
  return toSessionDetail(auth, written);
}
