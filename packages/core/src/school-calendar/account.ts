/**
 * The account's own settings: its name (the one the signed-in user sees as `accountName`, read
 * from the same item), the time zone of its school calendar, its retention years and, once the
 * owner asked, the day its data will be deleted (part 4 §5).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION_YEARS } from '@caseload/contract/account-lifecycle';
import { IDLE_MINUTES, type Account, type accountBody } from '@caseload/contract/school-year';
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import type * as z from 'zod/mini';
import type { AccountItem } from '../auth/users-repo.ts';
import { auditChange } from '../caseload/audit-events.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, isConditionFailure } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';

export const toAccount = (item: AccountItem): Account => ({
  id: item.id,
  name: item.name,
  timeZone: item.timeZone ?? DEFAULT_TIME_ZONE,
  idleMinutes: item.idleMinutes ?? IDLE_MINUTES.default,
  retentionYears: item.retentionYears ?? RETENTION_YEARS.default,
  deletionScheduledFor: item.deletionScheduledFor ?? null,
});

export async function getAccountSettings(auth: AuthContext): Promise<Account> {
  // Consistent: the settings page reads back a save at once.
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.account(auth.accountId), ConsistentRead: true }));
  if (!res.Item) throw new NotFoundError('Account');
  return toAccount(res.Item as AccountItem);
}

/** The body's settings as stored attributes: only those it names change (PUT takes any subset). */
const SETTINGS = ['name', 'timeZone', 'idleMinutes', 'retentionYears'] as const;

export async function updateAccountSettings(auth: AuthContext, input: z.output<typeof accountBody>): Promise<Account> {
  const named = SETTINGS.filter((field) => input[field] !== undefined);
  const res = await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.account(auth.accountId),
        UpdateExpression: `SET ${['updatedAt = :at', ...named.map((f) => `#${f} = :${f}`)].join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        // DynamoDB refuses an empty names map: a body naming no setting changes only `updatedAt`.
        ...(named.length > 0 ? { ExpressionAttributeNames: Object.fromEntries(named.map((f) => [`#${f}`, f])) } : {}),
        ExpressionAttributeValues: { ':at': nowIso(), ...Object.fromEntries(named.map((f) => [`:${f}`, input[f]])) },
        ReturnValues: 'ALL_NEW',
      }),
    )
    .catch((e: unknown) => {
      if (isConditionFailure(e)) throw new NotFoundError('Account');
      throw e;
    });
  // Ids only: the account's name is content, not part of the audit trail.
  await auditChange(auth, 'account.updated', { type: 'account', id: auth.accountId }, 'Updated the account settings');
  return toAccount(res.Attributes as AccountItem);
}
