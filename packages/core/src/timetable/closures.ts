/**
 * School closures: the account's list of closed dates (one item, replaced whole under its
 * version). A date newly closed cancels the undocumented series occurrences of that local date with
 * `cancelReason: 'school_closure'`, cascaded to each participation (part 4 §1.3), so no make-up is
 * owed. Documented sessions, signed ones among them, are never touched (calendar.ts). Series created later skip closed dates (series.ts). Removing a closure restores nothing:
 * a canceled session is a record, and the user reschedules if the school reopens.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Closure } from '@caseload/contract/school-year';
import { recordAudit } from '../audit.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import type { ClosuresItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
import { accountTimeZone, readClosuresItem } from '../school-calendar/settings.ts';
import { retryOnConflict, versionCondition } from '../sessions/conflicts.ts';
import { querySessions } from '../sessions/repo.ts';
import { actorName, cancelParticipations } from '../sessions/service.ts';
import { tableName } from '../table.ts';
import { dayRange, isDocumented } from './calendar.ts';
import { changeUnlessDocumented, inPool } from './occurrences.ts';

const byDate = (a: Closure, b: Closure) => a.date.localeCompare(b.date);

export async function listClosures(auth: AuthContext): Promise<{ closures: Closure[] }> {
  const item = await readClosuresItem(auth.accountId);
  return { closures: [...(item?.closures ?? [])].sort(byDate) };
}

/** Replaces the list under the version read; answers it and the dates it adds. */
function replaceClosures(accountId: string, input: Closure[]) {
  return retryOnConflict(async () => {
    const stored = await readClosuresItem(accountId);
    const closures = input.map(({ date, label }) => ({ date, label })).sort(byDate);
    const item: ClosuresItem = { accountId, closures, version: (stored?.version ?? 0) + 1 };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.closures(accountId), type: entity.closures, ...item },
        ...(stored ? versionCondition(stored.version) : { ConditionExpression: 'attribute_not_exists(PK)' }),
      }),
    );
    const before = new Set(stored?.closures.map((c) => c.date) ?? []);
    return { closures, added: closures.filter((c) => !before.has(c.date)).map((c) => c.date) };
  });
}

/**
 * Cancels the undocumented series occurrences of one local date: one Query of the account's time
 * index over that date's UTC instants. Answers how many it canceled.
 */
export async function cancelOccurrencesOn(auth: AuthContext, date: string, timeZone: string): Promise<number> {
  const { start, end } = dayRange(date, timeZone);
  const sessions = (await querySessions(auth.accountId, start, end)).filter((s) => s.seriesId && !isDocumented(s));
  const outcomes = await inPool(sessions, (s) =>
    changeUnlessDocumented(auth.accountId, s, (session) => ({
      ...session,
      status: 'canceled',
      cancelReason: 'school_closure',
      participants: cancelParticipations(session.participants, 'school_closure'),
      updatedAt: nowIso(),
      updatedBy: auth.userId,
    })),
  );
  return outcomes.filter((o) => o === 'changed').length;
}

export async function saveClosures(auth: AuthContext, input: Closure[]): Promise<{ closures: Closure[]; canceledSessions: number }> {
  const { closures, added } = await replaceClosures(auth.accountId, input);
  let canceledSessions = 0;
  if (added.length) {
    const timeZone = await accountTimeZone(auth.accountId);
    // Dates one after another, each date's sessions several at a time: the work stays bounded by
    // the sessions of the added dates.
    for (const date of added) canceledSessions += await cancelOccurrencesOn(auth, date, timeZone);
  }
  await recordAudit(auth.accountId, {
    action: 'closures.updated',
    actorId: auth.userId,
    actorName: actorName(auth),
    entityType: 'closures',
    summary: `Updated the school closures: ${closures.length} date(s), ${added.length} added, ${canceledSessions} session(s) canceled`,
  });
  return { closures, canceledSessions };
}
