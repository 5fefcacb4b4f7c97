import type { ParticipantEntry, SessionItem } from '../items.ts';

/**
 * The participants a completed session served: those marked present (none for any other status).
 * The minutes ledger counts them as attended and the service log makes a line for each.
 */
export function presentParticipants(session: Pick<SessionItem, 'status' | 'participants'>): [string, ParticipantEntry][] {
  if (session.status !== 'completed') return [];
  return Object.entries(session.participants).filter(([, entry]) => entry.status === 'present');
}
