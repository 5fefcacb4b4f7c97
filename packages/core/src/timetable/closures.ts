/**
 * School closures: the account's list of closed dates (one item, replaced whole under its
 * version). A date newly closed cancels the undocumented series occurrences of that local date
 * with `cancelReason: 'school_closure'`, cascaded to each participation (part 4 §1.3), so no make-up
 * is owed (closed-days.ts, which also finishes what a failed save left, and hands more than
 * CLOSED_DAYS_SYNC_LIMIT sessions to a background job). Documented sessions, signed
 * ones among them, are never touched (calendar.ts). Series created later skip closed dates (series.ts). Removing a closure restores nothing:
 * a canceled session is a record, and the user reschedules if the school reopens.
 */
import type { ClosedDaysJob, Closure } from '@caseload/contract/school-year';
import { recordAudit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import type { ClosuresItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { readClosuresItem } from '../school-calendar/settings.ts';
import { actorName } from '../people/actor-name.ts';
import { saveClosedDays } from './closed-days.ts';

const byDate = (a: Closure, b: Closure) => a.date.localeCompare(b.date);

export async function listClosures(auth: AuthContext): Promise<{ closures: Closure[] }> {
  const item = await readClosuresItem(auth.accountId);
  return { closures: [...(item?.closures ?? [])].sort(byDate) };
}

export async function saveClosures(auth: AuthContext, input: Closure[]): Promise<{ closures: Closure[]; canceledSessions: number; job?: ClosedDaysJob }> {
  const closures = input.map(({ date, label }) => ({ date, label })).sort(byDate);
  const { added, canceledSessions, job } = await saveClosedDays<ClosuresItem, Closure[]>(
    auth,
    {
      name: 'closures',
      key: keys.closures(auth.accountId),
      entityType: entity.closures,
      read: () => readClosuresItem(auth.accountId),
      item: (list) => ({ accountId: auth.accountId, closures: list }),
      daysOf: (list) => new Set(list.map((c) => c.date)),
      listOf: (stored) => stored.closures,
    },
    closures,
  );
  await recordAudit(auth.accountId, {
    action: 'closures.updated',
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'closures',
    summary: `Updated the school closures: ${closures.length} date(s), ${added} added, ${job ? 'sessions canceled in the background' : `${canceledSessions} session(s) canceled`}`,
  });
  return { closures, canceledSessions, ...(job ? { job } : {}) };
}
