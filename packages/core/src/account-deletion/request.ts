/**
 * The owner's request to delete the district at contract end (part 4 §5), and its cancellation.
 * The request only sets the date on the account item; the daily deletion job (./delete-account.ts)
 * does the deleting once that date has come.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONFIRM_NAME_MISMATCH, confirmsName, DELETION_NOTICE_DAYS, type deletionRequestBody } from '@caseload/contract/account-lifecycle';
import type { Account } from '@caseload/contract/school-year';
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import type * as z from 'zod/mini';
import type { AccountItem } from '../auth/users-repo.ts';
import { auditChange } from '../caseload/audit-events.ts';
import { now, nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { db, isConditionFailure } from '../db.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { keys } from '../keys.ts';
import { toAccount } from '../school-calendar/account.ts';
import { addDays, localDate } from '../school-calendar/dates.ts';
import { tableName } from '../table.ts';

async function readAccount(accountId: string): Promise<AccountItem> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.account(accountId), ConsistentRead: true }));
  if (!res.Item) throw new NotFoundError('Account');
  return res.Item as AccountItem;
}

const confirmFailed = () => new BadRequestError(CONFIRM_NAME_MISMATCH, [{ path: 'confirmName', message: CONFIRM_NAME_MISMATCH }]);

/**
 * Schedules the deletion DELETION_NOTICE_DAYS after today in the district's zone. The name is
 * checked again inside the write (a rename in between fails it); asking again while a deletion is
 * scheduled keeps the first date.
 */
export async function requestAccountDeletion(auth: AuthContext, input: z.output<typeof deletionRequestBody>): Promise<Account> {
  const account = await readAccount(auth.accountId);
  if (!confirmsName(input.confirmName, account.name)) throw confirmFailed();
  const date = addDays(localDate(now(), account.timeZone ?? DEFAULT_TIME_ZONE), DELETION_NOTICE_DAYS);
  const res = await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.account(auth.accountId),
        UpdateExpression:
          'SET deletionScheduledFor = if_not_exists(deletionScheduledFor, :date), deletionRequestedAt = if_not_exists(deletionRequestedAt, :at), deletionRequestedBy = if_not_exists(deletionRequestedBy, :by), updatedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':date': date, ':at': nowIso(), ':by': auth.userId, ':name': account.name },
        ReturnValues: 'ALL_NEW',
      }),
    )
    .catch((e: unknown) => {
      if (isConditionFailure(e)) throw confirmFailed();
      throw e;
    });
  await auditChange(auth, 'account.deletion_requested', { type: 'account', id: auth.accountId }, 'Requested the deletion of the district');
  return toAccount(res.Attributes as AccountItem);
}

/** Cancels a scheduled deletion (nothing to cancel is not an error: the answer shows none). */
export async function cancelAccountDeletion(auth: AuthContext): Promise<Account> {
  const res = await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.account(auth.accountId),
        UpdateExpression: 'REMOVE deletionScheduledFor, deletionRequestedAt, deletionRequestedBy SET updatedAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': nowIso() },
        ReturnValues: 'ALL_NEW',
      }),
    )
    .catch((e: unknown) => {
      if (isConditionFailure(e)) throw new NotFoundError('Account');
      throw e;
    });
  await auditChange(auth, 'account.deletion_canceled', { type: 'account', id: auth.accountId }, 'Canceled the deletion of the district');
  return toAccount(res.Attributes as AccountItem);
}
