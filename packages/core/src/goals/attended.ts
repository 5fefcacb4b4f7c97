/**
 * Data counts only for a student who was there (spec part 4 §1.6). New progress and trials for a
 * participant marked absent or canceled are refused (409), but rows written before that rule, or
 * before the participant was marked, still sit in the table. Every read that gathers a goal's
 * session data (goal standing, progress list, note facts, parent report, reports page) passes its
 * rows through here, so charts, notes, reports and criteria leave out the same rows.
 *
 * A row does not carry its participant's status; the session does. A row of a session that no
 * longer exists is kept (its data was recorded, and nothing says the student was absent).
 */
import { wasNotThere } from '@caseload/contract/sessions';
import { batchGetItems } from '../db/batch-get.ts';
import type { ProgressItem, SessionItem } from '../items.ts';
import { keys } from '../keys.ts';

type Participation = Pick<SessionItem, 'id' | 'participants'>;

/** The participants of these sessions (only that attribute: a session item carries much more). */
function readParticipations(accountId: string, sessionIds: string[]): Promise<Participation[]> {
  return batchGetItems<Participation>(sessionIds.map((id) => keys.session(accountId, id)), { attributes: ['id', 'participants'] });
}

/**
 * The rows whose student was there. `known` sessions (already read by the caller, such as a
 * report's sessions of the period) are used as they are; the others are read by key, once each.
 */
export async function attendedRows<R extends Row>(accountId: string, rows: R[], known: readonly Participation[] = []): Promise<R[]> {
  return (await byAttendance(accountId, rows, known)).attended;
}

/** The rows recorded for a student marked absent or canceled: what every figure leaves out (the migration's report lists them). */
export async function unattendedRows<R extends Row>(accountId: string, rows: R[]): Promise<R[]> {
  return (await byAttendance(accountId, rows, [])).notThere;
}

type Row = Pick<ProgressItem, 'sessionId' | 'clientId'>;

async function byAttendance<R extends Row>(accountId: string, rows: R[], known: readonly Participation[]): Promise<{ attended: R[]; notThere: R[] }> {
  if (!rows.length) return { attended: rows, notThere: [] };
  const sessions = new Map(known.map((s) => [s.id, s]));
  const missing = [...new Set(rows.map((r) => r.sessionId))].filter((id) => !sessions.has(id));
  if (missing.length) for (const s of await readParticipations(accountId, missing)) sessions.set(s.id, s);
  const split = { attended: [] as R[], notThere: [] as R[] };
  for (const row of rows) {
    const status = sessions.get(row.sessionId)?.participants?.[row.clientId]?.status;
    (status && wasNotThere(status) ? split.notThere : split.attended).push(row);
  }
  return split;
}
