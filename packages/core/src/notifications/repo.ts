/**
 * The stored notifications (part 4 §8): one item per user and id `<kind>.<subject id>` in the
 * account partition (keys.notification). What a notification says is composed when it is read
 * (service.ts), from these facts and the student as the reader may see it then.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationKind } from '@caseload/contract/notifications';
import { db, queryPartition, unlessConditionFailed } from '../db.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';

/** What a notification is about, as the facts give it (refresh.ts compares these with the stored ones). */
export interface NotificationFacts {
  kind: NotificationKind;
  /** The student's id, or the job's for `job_done`. */
  subjectId: string;
  /** The student's id (every kind but `job_done`). */
  clientId?: string;
  /** The due date (IEP review, re-evaluation) or the reporting period's last day (notes missing). */
  date?: string;
  /** Notes awaiting co-signature of this student. */
  count?: number;
  /** The session of the oldest note awaiting co-signature (its link). */
  sessionId?: string;
  /** `job_done`: what finished and where its result is. */
  job?: { label: string; link: string };
}

export interface NotificationItem extends NotificationFacts {
  id: string;
  accountId: string;
  userId: string;
  createdAt: string;
  read: boolean;
}

export const notificationIdOf = (facts: Pick<NotificationFacts, 'kind' | 'subjectId'>) => `${facts.kind}.${facts.subjectId}`;

export function listUserNotifications(accountId: string, userId: string): Promise<NotificationItem[]> {
  const { PK, SKPrefix } = keys.notificationsOfUser(accountId, userId);
  return queryPartition<NotificationItem>({ pk: PK, skPrefix: SKPrefix, consistent: true });
}

/** Every notification of the account (the daily job compares them with the facts, user by user). */
export function listAccountNotifications(accountId: string): Promise<NotificationItem[]> {
  const { PK, SKPrefix } = keys.notificationPrefix(accountId);
  return queryPartition<NotificationItem>({ pk: PK, skPrefix: SKPrefix });
}

/**
 * Writes a new notification, unread; one already there keeps its `read` and `createdAt` and takes
 * the new facts (a moved due date), so a refresh never re-announces what the user has read.
 */
export async function upsertNotification(accountId: string, userId: string, facts: NotificationFacts, at: string): Promise<void> {
  const id = notificationIdOf(facts);
  const { kind, subjectId, clientId, date, count, sessionId, job } = facts;
  const fields: Record<string, unknown> = { type: entity.notification, accountId, userId, id, kind, subjectId, clientId, date, count, sessionId, job };
  const set = Object.entries(fields).filter(([, v]) => v !== undefined);
  const removed = Object.entries(fields).filter(([, v]) => v === undefined).map(([k]) => k);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notification(accountId, userId, id),
      UpdateExpression:
        `SET ${set.map(([k]) => `#${k} = :${k}`).join(', ')}, #createdAt = if_not_exists(#createdAt, :at), #read = if_not_exists(#read, :unread)` +
        (removed.length ? ` REMOVE ${removed.map((k) => `#${k}`).join(', ')}` : ''),
      ExpressionAttributeNames: Object.fromEntries([...Object.keys(fields), 'createdAt', 'read'].map((k) => [`#${k}`, k])),
      ExpressionAttributeValues: { ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])), ':at': at, ':unread': false },
    }),
  );
}

export async function deleteNotification(accountId: string, userId: string, id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.notification(accountId, userId, id) }));
}

/** Marks one of the user's notifications read; an id the user has no notification of changes nothing. */
export async function markNotificationRead(accountId: string, userId: string, id: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.notification(accountId, userId, id),
        UpdateExpression: 'SET #read = :read',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':read': true },
      }),
    )
    .catch(unlessConditionFailed);
}

/** The user's preferences (the weekly digest's opt-in); absent: none chosen. */
export interface UserPreferencesItem {
  userId: string;
  weeklyDigest: boolean;
}

/** Sets the user's preferences (an update: the digest's record of its last week stays). */
export async function putUserPreferences(accountId: string, userId: string, prefs: { weeklyDigest: boolean }, at: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userPreferences(accountId, userId),
      UpdateExpression: 'SET #type = :type, accountId = :accountId, userId = :userId, weeklyDigest = :weeklyDigest, updatedAt = :at',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': entity.userPreferences, ':accountId': accountId, ':userId': userId, ':weeklyDigest': prefs.weeklyDigest, ':at': at },
    }),
  );
}
