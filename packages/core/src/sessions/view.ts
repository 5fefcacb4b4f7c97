/**
 * A session as a user sees it. Participants outside the user's organizations are left out; a
 * session none of whose participants the user may see does not exist for that user (404).
 *
 * Lists decide from the copy of each participant's organization in the session item (no read per
 * client); the detail view and every write also pass each client through the client gate, which
 * reads the client as it is now and adds grade and diagnosis.
 */
import type { Session } from '@caseload/contract/sessions';
import { findVisibleClients, getVisibleClient } from '../caseload/access.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import type { ClientItem, ParticipantEntry, SessionItem } from '../items.ts';
import { providerOf } from './provider.ts';

export interface ShownParticipant {
  clientId: string;
  entry: ParticipantEntry;
  /** The client as it is now (detail view); lists show the names copied into the session. */
  client?: ClientItem;
}

/**
 * Participants in a stable order: as added, then by name. The first one is the session's `client`,
 * the name lists that show one name use.
 */
export function orderedParticipants(item: SessionItem): [string, ParticipantEntry][] {
  return Object.entries(item.participants).sort(
    ([aId, a], [bId, b]) =>
      a.addedAt.localeCompare(b.addedAt) || a.firstName.localeCompare(b.firstName) || a.lastInitial.localeCompare(b.lastInitial) || aId.localeCompare(bId),
  );
}

export const isVisibleEntry = (auth: AuthContext, entry: ParticipantEntry) => canSeeOrganization(auth, entry.organizationId);

/** Participants the user may see, by the organization copied into the session. */
export function visibleParticipants(auth: AuthContext, item: SessionItem): ShownParticipant[] {
  return orderedParticipants(item)
    .filter(([, entry]) => isVisibleEntry(auth, entry))
    .map(([clientId, entry]) => ({ clientId, entry }));
}

/** The session if it exists in the user's account and has a participant the user may see; else 404. */
export function requireVisible(auth: AuthContext, item: SessionItem | undefined): SessionItem {
  if (!item || visibleParticipants(auth, item).length === 0) throw new NotFoundError('Session');
  return item;
}

/** The client gate, as "not visible" rather than an error: a hidden participant is left out, not a failure. */
export async function findVisibleClient(auth: AuthContext, clientId: string): Promise<ClientItem | undefined> {
  try {
    return await getVisibleClient(auth, clientId, { includeArchived: true });
  } catch (e) {
    if (e instanceof NotFoundError) return undefined;
    throw e;
  }
}

export function toSession(item: SessionItem, shown: ShownParticipant[]): Session {
  const people = shown.map(({ clientId, entry, client }) => ({
    id: clientId,
    firstName: client?.firstName ?? entry.firstName,
    lastInitial: client?.lastInitial ?? entry.lastInitial,
  }));
  return {
    id: item.id,
    type: item.sessionType,
    status: item.status,
    scheduledAt: item.scheduledAt,
    duration: item.duration,
    notes: item.notes,
    // Every session is written by a signed-in user, so a provider or at least a creator is there.
    providerId: providerOf(item)!,
    seriesId: item.seriesId,
    makeupForSessionId: item.makeupForSessionId,
    evaluationCode: item.evaluationCode,
    cancelReason: item.status === 'canceled' ? item.cancelReason : undefined,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    participants: people,
    sessionParticipants: shown.map(({ clientId, entry, client }, i) => ({
      clientId,
      client: { ...people[i]!, gradeLevel: client?.gradeLevel, diagnosis: client?.diagnosis },
      status: entry.status,
      cancelReason: entry.status === 'canceled' ? entry.cancelReason : undefined,
    })),
    client: people[0],
  };
}

/** A list entry: names as copied into the session, no reads. */
export const toSessionSummary = (auth: AuthContext, item: SessionItem) => toSession(item, visibleParticipants(auth, item));

/**
 * The detail view: the visible participants through the client gate, in one BatchGet whatever the
 * group's size. `known` are clients the caller already passed through the gate.
 */
export async function toSessionDetail(auth: AuthContext, item: SessionItem, known: ClientItem[] = []): Promise<Session> {
  const byId = new Map(known.map((c) => [c.id, c]));
  const candidates = visibleParticipants(auth, item);
  const unknown = candidates.map((p) => p.clientId).filter((id) => !byId.has(id));
  const gated = unknown.length ? await findVisibleClients(auth, unknown, { includeArchived: true }) : new Map<string, ClientItem>();
  const shown = candidates.map((p) => ({ ...p, client: byId.get(p.clientId) ?? gated.get(p.clientId) })).filter((p) => p.client !== undefined);
  if (!shown.length) throw new NotFoundError('Session');
  return toSession(item, shown);
}
