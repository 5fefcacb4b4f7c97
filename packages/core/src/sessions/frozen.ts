/**
 * Part 4 §1.4 "signed means frozen": once any participant's note is signed, the session's time,
 * duration, type, provider and status (`completed`) and each signed participant's status cannot
 * change, and the session cannot be deleted. A change that resends the same values is no change.
 *
 * Decided in `commitSessionChange` (repo.ts), which every session write goes through, against the
 * session as read; that write is conditioned on the read's version and a signature bumps it, so a
 * signature landing between the read and the write makes the write lose its race, read again and
 * be refused here. Series changes and closures skip a signed session before getting here: signing
 * marks it documented (timetable/calendar.ts), and they never change documented sessions.
 */
import type { SessionItem } from '../items.ts';
import { signedNoteRefusal } from '../signatures/lock.ts';
import { providerOf } from './provider.ts';

export function requireUnfrozen(before: SessionItem, after: SessionItem | undefined): void {
  const signed = before.signedClientIds;
  if (!signed?.size) return;
  if (!after) throw signedNoteRefusal();
  const sessionChanged =
    after.scheduledAt !== before.scheduledAt ||
    after.duration !== before.duration ||
    after.sessionType !== before.sessionType ||
    after.status !== before.status ||
    providerOf(after) !== providerOf(before);
  // A signed participant's removal is refused earlier with its own message (sessions/participants.ts).
  const statusChanged = [...signed].some((clientId) => after.participants[clientId] && after.participants[clientId].status !== before.participants[clientId]?.status);
  if (sessionChanged || statusChanged) throw signedNoteRefusal();
}
