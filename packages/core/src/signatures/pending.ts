/**
 * What awaits signatures, for the dashboard: notes an assistant signed that the current SLP may
 * co-sign (as one of that assistant's supervisors), and the user's own overdue unsigned notes.
 */
import type { PendingNote, PendingSignatures } from '@caseload/contract/signatures';
import type { UserItem } from '../auth/users-repo.ts';
import { now } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import { batchGetItems } from '../db/batch-get.ts';
import type { ParticipantEntry, SessionItem, SessionNoteItem } from '../items.ts';
import { keys } from '../keys.ts';
import { addDays, instantAt, localDate } from '../school-calendar/dates.ts';
import { accountTimeZone, closedDates } from '../school-calendar/settings.ts';
import { queryProviderSessions } from '../sessions/repo.ts';
import { isVisibleEntry } from '../sessions/view.ts';
import { overdueBefore, UNSIGNED_LOOKBACK_DAYS } from './overdue.ts';

/** Items by key, consistently: a signature a moment ago counts. */
const batchGet = <T>(itemKeys: { PK: string; SK: string }[]) => batchGetItems<T>(itemKeys, { consistent: true });

const studentName = (entry: ParticipantEntry) => `${entry.firstName} ${entry.lastInitial}.`;

/**
 * Notes awaiting the caller's co-signature (part 4 §1.4), for a user with role `slp`, with when each was signed: one Query of
 * the account's co-signature index, then one BatchGet of the sessions (the student's name, the time,
 * whether the caller may see the participant) and of the signing assistants (kept only when the
 * caller is among their supervisors now, as co-signing checks). Never the caller's own signature.
 */
export async function awaitingCosignature(auth: AuthContext): Promise<(PendingNote & { signedAt: string })[]> {
  if (auth.role !== 'slp') return [];
  const rows = await queryPartition<SessionNoteItem>({ index: 'GSI1', pk: keys.awaitingCosignature(auth.accountId) });
  // The index is eventually consistent: a note co-signed a moment ago may still be listed there.
  const waiting = rows.filter((r) => r.signature && r.signature.userId !== auth.userId && !r.cosignature);
  const sessionIds = [...new Set(waiting.map((r) => r.sessionId))];
  const signerIds = [...new Set(waiting.map((r) => r.signature!.userId))];
  const items = await batchGet<SessionItem | UserItem>([
    ...sessionIds.map((id) => keys.session(auth.accountId, id)),
    ...signerIds.map((id) => keys.user(auth.accountId, id)),
  ]);
  const sessions = new Map<string, SessionItem>();
  const supervised = new Set<string>();
  for (const item of items) {
    if ('participants' in item) sessions.set(item.id, item);
    else if (item.supervisorIds?.includes(auth.userId)) supervised.add(item.id);
  }
  return waiting.flatMap((row) => {
    const session = sessions.get(row.sessionId);
    const entry = session?.participants[row.clientId];
    if (!session || !entry || !isVisibleEntry(auth, entry) || !supervised.has(row.signature!.userId)) return [];
    return [{ sessionId: row.sessionId, clientId: row.clientId, student: studentName(entry), scheduledAt: session.scheduledAt, signedBy: row.signature!.name, signedAt: row.signature!.at }];
  });
}

/**
 * The caller's own completed sessions of the last 30 days whose date is more than two school days
 * back, and in them each present participant whose note is not signed: one Query of the provider
 * index, then one BatchGet of those notes (besides the account's zone and closures).
 */
async function myUnsigned(auth: AuthContext): Promise<PendingNote[]> {
  const [timeZone, closed] = await Promise.all([accountTimeZone(auth.accountId), closedDates(auth.accountId)]);
  const today = localDate(now(), timeZone);
  const from = instantAt(addDays(today, -UNSIGNED_LOOKBACK_DAYS), '00:00', timeZone);
  const to = instantAt(overdueBefore(today, closed), '00:00', timeZone);
  const sessions = await queryProviderSessions(auth.accountId, auth.userId, from, to);
  const due = sessions
    .filter((s) => s.status === 'completed')
    .flatMap((session) =>
      Object.entries(session.participants)
        .filter(([, entry]) => entry.status === 'present' && isVisibleEntry(auth, entry))
        .map(([clientId, entry]) => ({ session, clientId, entry })),
    );
  const notes = await batchGet<SessionNoteItem>(due.map((d) => keys.sessionNote(auth.accountId, d.session.id, d.clientId)));
  const signed = new Set(notes.filter((n) => n.signature).map((n) => `${n.sessionId}#${n.clientId}`));
  return due
    .filter((d) => !signed.has(`${d.session.id}#${d.clientId}`))
    .map((d) => ({ sessionId: d.session.id, clientId: d.clientId, student: studentName(d.entry), scheduledAt: d.session.scheduledAt }))
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || a.student.localeCompare(b.student));
}

export async function getPendingSignatures(auth: AuthContext): Promise<PendingSignatures> {
  const [awaitingMyCosignature, unsigned] = await Promise.all([awaitingCosignature(auth), myUnsigned(auth)]);
  // The reminders read when each was signed (awaitingCosignature's signedAt); the dashboard's answer does not carry it.
  return { awaitingMyCosignature: awaitingMyCosignature.map(({ signedAt: _signedAt, ...note }) => note), myUnsigned: unsigned };
}
