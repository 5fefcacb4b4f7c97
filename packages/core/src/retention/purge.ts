/**
 * The retention purge of one district (part 4 §5): the signed documentation of an archived
 * student (its session notes with their signatures, signature copies and addenda, its service-log
 * lines, i.e. its place in each session, and its minutes-ledger lines) is kept until
 * `retentionYears` after the student's last service, then deleted. Nothing else deletes signed
 * documentation; the student's own record, goals and IEPs stay (archived).
 *
 * Reads: the account's clients (one Query of its partition); only when an archived student is past
 * the horizon by its archive date, the account's sessions by time (GSI2, paged), which give each
 * such student's sessions and its last service, taken as its latest session of any kind (the
 * later date, so documentation is never purged early). What a run purged is a report item under the
 * account (keys.purgeReport: counts and ids, no names), which the owner reads.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION_YEARS, type PurgeReport } from '@caseload/contract/account-lifecycle';
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import { db, queryPartition, queryPartitionPages } from '../db.ts';
import type { ClientItem, SessionItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { localDate } from '../school-calendar/dates.ts';
import type { AccountSettingsItem } from '../scheduled-jobs/accounts.ts';
import { tableName } from '../table.ts';

/** `date` moved back `years` calendar years (29 February becomes 28 February). */
export function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Candidate = Pick<ClientItem, 'id' | 'archivedAt'>;

/** Purges what is past the horizon in one district; the report when anything was purged. */
export async function purgeAccount(account: AccountSettingsItem, at: Date): Promise<PurgeReport | undefined> {
  const zone = account.timeZone ?? DEFAULT_TIME_ZONE;
  const years = account.retentionYears ?? RETENTION_YEARS.default;
  const horizon = yearsBefore(localDate(at, zone), years);
  const { PK, SKPrefix } = keys.clientPrefix(account.id);
  const clients = await queryPartition<ClientItem & { documentationPurgedAt?: string }>({ pk: PK, skPrefix: SKPrefix, consistent: true });
  // Archived before the horizon: no service after it can have followed (a cheap first cut).
  const candidates = new Map<string, Candidate>(
    clients.filter((c) => c.archivedAt && !c.documentationPurgedAt && localDate(c.archivedAt, zone) <= horizon).map((c) => [c.id, c]),
  );
  if (candidates.size === 0) return undefined;

  const sessionsOf = new Map<string, SessionItem[]>();
  const lastService = new Map<string, string>();
  for await (const page of queryPartitionPages<SessionItem>({ index: 'GSI2', pk: keys.sessionsByTime(account.id) }, 500)) {
    for (const session of page) {
      for (const clientId of Object.keys(session.participants ?? {})) {
        if (!candidates.has(clientId)) continue;
        sessionsOf.set(clientId, [...(sessionsOf.get(clientId) ?? []), session]);
        const date = localDate(session.scheduledAt, zone);
        if (date > (lastService.get(clientId) ?? '')) lastService.set(clientId, date);
      }
    }
  }

  const counts = { sessionNotes: 0, serviceLogLines: 0, minutesLines: 0 };
  const purged: string[] = [];
  for (const clientId of candidates.keys()) {
    const last = lastService.get(clientId);
    if (last !== undefined && last > horizon) continue;
    for (const session of sessionsOf.get(clientId) ?? []) {
      const note = await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.sessionNote(account.id, session.id, clientId), ReturnValues: 'ALL_OLD' }));
      if (note.Attributes) counts.sessionNotes++;
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.session(account.id, session.id),
          UpdateExpression: 'REMOVE participants.#client',
          ConditionExpression: 'attribute_exists(participants.#client)',
          ExpressionAttributeNames: { '#client': clientId },
        }),
      ).then(
        () => counts.serviceLogLines++,
        (e: unknown) => {
          if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
        },
      );
    }
    for (const line of await queryPartition<{ PK: string; SK: string }>({ pk: keys.clientMinutes(account.id, clientId), consistent: true })) {
      if (!sortKeys.isAttended(line.SK) && !sortKeys.isOldDayTotal(line.SK) && !sortKeys.isMakeup(line.SK)) continue;
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: line.PK, SK: line.SK } }));
      counts.minutesLines++;
    }
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.client(account.id, clientId), UpdateExpression: 'SET documentationPurgedAt = :at', ExpressionAttributeValues: { ':at': at.toISOString() } }),
    );
    purged.push(clientId);
  }
  if (purged.length === 0) return undefined;
  const report: PurgeReport = { id: at.toISOString(), ranAt: at.toISOString(), retentionYears: years, lastServiceOnOrBefore: horizon, clientIds: purged, counts };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.purgeReport(account.id, report.ranAt), type: entity.purgeReport, ...report } }));
  return report;
}
