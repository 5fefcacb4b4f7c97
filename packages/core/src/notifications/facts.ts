/**
 * What a user should be reminded of now (part 4 §8), from the product's own computations and as
 * the user may see it: the minutes list's rows of the user's caseload (minutes status, the current
 * IEP's review and re-evaluation dates), the missing-notes list of the user's caseload, and the
 * notes awaiting the user's co-signature. Each reads with the user's own rights (userAuth), so a
 * student outside the user's organizations never yields a reminder.
 */
import { EVALUATION_WINDOW_DAYS, IEP_REVIEW_WINDOW_DAYS, PERIOD_END_WINDOW_DAYS, type NotificationKind } from '@caseload/contract/notifications';
import type { MinutesRow } from '@caseload/contract/school-year';
import { effectivePermissions } from '../auth/login-sessions.ts';
import type { UserItem } from '../auth/users-repo.ts';
import type { AuthContext } from '../context.ts';
import { minutesRowBatches } from '../minutes/service.ts';
import { listMissingNotes } from '../notes/missing.ts';
import { currentReportingPeriod } from '../reporting-periods/service.ts';
import { addDays, localDate } from '../school-calendar/dates.ts';
import { breakDates } from '../school-calendar/school-years.ts';
import { closedDates, schoolYearsOf } from '../school-calendar/settings.ts';
import { awaitingCosignature } from '../signatures/pending.ts';
import { overdueBefore } from '../signatures/overdue.ts';
import type { NotificationFacts } from './repo.ts';

/** The kinds these facts decide; `job_done` is written when a job finishes (jobs.ts). */
export const computedKinds = ['iep_review_due', 'evaluation_due', 'minutes_behind', 'notes_missing', 'cosign_waiting'] as const satisfies readonly NotificationKind[];

/** A user's rights as a login session would carry them (the jobs have no session). */
export function userAuth(user: UserItem): AuthContext {
  return {
    accountId: user.accountId,
    userId: user.id,
    role: user.role,
    userType: user.userType,
    permissions: effectivePermissions(user),
    firstName: user.firstName,
    lastName: user.lastName,
    sessionHash: '',
  };
}

/** The reminders a minutes row gives: IEP review within 30 days, re-evaluation within 60, minutes behind (overdue dates included). */
export function rowFacts(row: MinutesRow, today: string): NotificationFacts[] {
  const about = { subjectId: row.clientId, clientId: row.clientId };
  const facts: NotificationFacts[] = [];
  if (row.nextReviewDate && row.nextReviewDate <= addDays(today, IEP_REVIEW_WINDOW_DAYS)) facts.push({ kind: 'iep_review_due', ...about, date: row.nextReviewDate });
  if (row.nextEvaluationDate && row.nextEvaluationDate <= addDays(today, EVALUATION_WINDOW_DAYS)) facts.push({ kind: 'evaluation_due', ...about, date: row.nextEvaluationDate });
  if (row.status === 'behind') facts.push({ kind: 'minutes_behind', ...about });
  return facts;
}

/** The user's caseload rows of this school year, batch by batch (any caseload size). */
async function minutesFacts(auth: AuthContext, today: string): Promise<NotificationFacts[]> {
  const facts: NotificationFacts[] = [];
  for await (const batch of minutesRowBatches(auth, { assignedTo: 'me' })) for (const row of batch.rows) facts.push(...rowFacts(row, today));
  return facts;
}

/** Missing notes of the user's caseload, once the current reporting period ends within 14 days. */
async function missingNotesFacts(auth: AuthContext, today: string): Promise<NotificationFacts[]> {
  const period = await currentReportingPeriod(auth.accountId);
  if (!period || period.end > addDays(today, PERIOD_END_WINDOW_DAYS)) return [];
  const missing = await listMissingNotes(auth, 'me');
  if (!missing.period) return [];
  return missing.clients.map((c) => ({ kind: 'notes_missing', subjectId: c.id, clientId: c.id, date: missing.period!.end }));
}

/**
 * Notes awaiting the user's co-signature for more than two school days (Monday–Friday outside
 * closures and breaks), counted from the signature: signed before the date overdueBefore gives.
 * One reminder per student, linking the oldest such note's session.
 */
export async function cosignFacts(auth: AuthContext, timeZone: string, today: string): Promise<NotificationFacts[]> {
  const notes = await awaitingCosignature(auth);
  if (notes.length === 0) return [];
  const [closed, years] = await Promise.all([closedDates(auth.accountId), schoolYearsOf(auth.accountId)]);
  const before = overdueBefore(today, new Set([...closed, ...breakDates(years)]));
  const byStudent = new Map<string, NotificationFacts>();
  for (const note of [...notes].sort((a, b) => a.signedAt.localeCompare(b.signedAt))) {
    if (localDate(note.signedAt, timeZone) >= before) continue;
    const seen = byStudent.get(note.clientId);
    if (seen) seen.count = (seen.count ?? 0) + 1;
    else byStudent.set(note.clientId, { kind: 'cosign_waiting', subjectId: note.clientId, clientId: note.clientId, count: 1, sessionId: note.sessionId });
  }
  return [...byStudent.values()];
}

/** Everything the user should be reminded of now (computedKinds), on `today` in the account's zone. */
export async function remindersOf(user: UserItem, timeZone: string, today: string): Promise<NotificationFacts[]> {
  const auth = userAuth(user);
  const parts = await Promise.all([minutesFacts(auth, today), missingNotesFacts(auth, today), cosignFacts(auth, timeZone, today)]);
  return parts.flat();
}
