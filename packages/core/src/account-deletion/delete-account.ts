/**
 * Deleting a whole district on its deletion date (part 4 §5), run by the daily `account-deletion`
 * job. Every item is found by Query, partition by partition, from the account's own partition
 * (./families.ts says which step reaches which key family), and deleted in BatchWriteItem batches
 * of 25. A parent item (a user, a session, a client, a progress note) is deleted only after the
 * partitions found through it, and the account item last of all, so a run that stops anywhere (the
 * time budget, a fault) leaves everything still reachable: the next run starts again from the
 * account item and finishes the rest.
 *
 * First go the sign-in items (login sessions, e-mail claims), so that no one can sign in or go on
 * using a session while the rest goes: a request in flight then answers 401 or 404. The
 * certificate (keys.deletionCertificate, outside the account) is written before the first delete
 * and counted up after each batch, so the counts stay true across runs.
 */
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../clock.ts';
import { db, isConditionFailure, transact } from '../db.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import type { AccountSettingsItem } from '../scheduled-jobs/accounts.ts';
import type { JobBudget } from '../scheduled-jobs/types.ts';
import { tableName } from '../table.ts';
import { deleteAccountFiles } from './files.ts';

/** DynamoDB's limit on the writes of one BatchWriteItem. */
const BATCH_SIZE = 25;
/** Batches sent at once: several round trips overlap, and a stop between groups loses at most these. */
const BATCHES_IN_FLIGHT = 4;
/** Items read per Query page while walking a partition. */
const PAGE_SIZE = 500;

export interface DeletionCertificate {
  accountId: string;
  accountName: string;
  /** The date the owner's request scheduled. */
  scheduledFor: string;
  requestedAt?: string;
  requestedBy?: string;
  startedAt: string;
  /** Set once the account item itself is gone: the deletion is complete. */
  deletedAt?: string;
  status: 'deleting' | 'deleted';
  /** Items deleted per entity type (the `type` attribute), and files per file family. */
  counts: Record<string, number>;
  files: Record<string, number>;
  runs: number;
}

class BudgetExhausted extends Error {}

type Key = { PK: string; SK: string };
type Found = Key & { type?: string; id?: string; email?: string; emailDomains?: string[] };

/** The key and the few attributes the steps follow; never the content of a record. */
const PROJECTION = { ProjectionExpression: 'PK, SK, #type, id, email, emailDomains', ExpressionAttributeNames: { '#type': 'type' } };

/** Every item of one partition (or one index partition), a page at a time. */
async function* pages(input: { pk: string; skPrefix?: string; index?: 'GSI1' }): AsyncGenerator<Found[]> {
  const pkName = input.index ? `${input.index}PK` : 'PK';
  const query: Omit<QueryCommandInput, 'TableName'> = {
    IndexName: input.index,
    KeyConditionExpression: input.skPrefix === undefined ? '#pk = :pk' : '#pk = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeNames: { ...PROJECTION.ExpressionAttributeNames, '#pk': pkName },
    ExpressionAttributeValues: { ':pk': input.pk, ...(input.skPrefix === undefined ? {} : { ':sk': input.skPrefix }) },
    ProjectionExpression: PROJECTION.ProjectionExpression,
    ConsistentRead: input.index ? undefined : true,
    Limit: PAGE_SIZE,
  };
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...query, TableName: tableName(), ExclusiveStartKey }));
    yield (page.Items ?? []) as Found[];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Deletes keys 25 at a time, a few batches at once, and counts them, by entity type, into the certificate. */
class BatchDeleter {
  private pending: { key: Key; type: string }[] = [];

  constructor(
    private readonly accountId: string,
    private readonly budget: JobBudget,
  ) {}

  async add(item: Found, fallbackType: string) {
    this.pending.push({ key: { PK: item.PK, SK: item.SK }, type: item.type ?? fallbackType });
    if (this.pending.length >= BATCH_SIZE * BATCHES_IN_FLIGHT) await this.flush();
  }

  async addPartition(pk: string, fallbackType: string, options: { index?: 'GSI1'; skPrefix?: string } = {}) {
    for await (const page of pages({ pk, ...options })) for (const item of page) await this.add(item, fallbackType);
  }

  /** Sends what is pending (at most BATCHES_IN_FLIGHT batches: `add` flushes when they are full), then counts it. */
  async flush() {
    if (this.pending.length === 0) return;
    if (this.budget.exhausted()) throw new BudgetExhausted();
    const sent = this.pending.splice(0);
    const batches: (typeof sent)[] = [];
    for (let i = 0; i < sent.length; i += BATCH_SIZE) batches.push(sent.slice(i, i + BATCH_SIZE));
    await Promise.all(batches.map((batch) => writeDeletes(batch.map(({ key }) => key))));
    await countInto(this.accountId, 'counts', tally(sent.map((b) => b.type)));
  }
}

/** One BatchWriteItem of deletes; throttled writes come back unprocessed and are sent again, waiting a little longer each time. */
async function writeDeletes(keysToDelete: Key[]) {
  let requests = keysToDelete.map((key) => ({ DeleteRequest: { Key: key } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 2000)));
    const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    requests = (res.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
  }
}

const tally = (types: string[]) => types.reduce<Record<string, number>>((acc, t) => ({ ...acc, [t]: (acc[t] ?? 0) + 1 }), {});

/** Adds counts to the certificate's `counts` or `files` map. */
async function countInto(accountId: string, map: 'counts' | 'files', counts: Record<string, number>) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  if (entries.length === 0) return;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.deletionCertificate(accountId),
      UpdateExpression: `SET ${entries.map((_, i) => `#m.#k${i} = if_not_exists(#m.#k${i}, :zero) + :n${i}`).join(', ')}`,
      ExpressionAttributeNames: { '#m': map, ...Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])) },
      ExpressionAttributeValues: { ':zero': 0, ...Object.fromEntries(entries.map(([, n], i) => [`:n${i}`, n])) },
    }),
  );
}

/** Deletes one item outside the account only while it still names this account (a claim since taken by another is not ours). */
async function deleteIfOurs(key: Key, accountId: string): Promise<number> {
  try {
    const res = await db().send(
      new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: 'accountId = :a', ExpressionAttributeValues: { ':a': accountId }, ReturnValues: 'ALL_OLD' }),
    );
    return res.Attributes ? 1 : 0;
  } catch (e) {
    if (isConditionFailure(e)) return 0;
    throw e;
  }
}

async function startCertificate(account: AccountSettingsItem, at: string) {
  const certificate: DeletionCertificate = {
    accountId: account.id,
    accountName: account.name,
    scheduledFor: account.deletionScheduledFor ?? at.slice(0, 10),
    ...(account.deletionRequestedAt ? { requestedAt: account.deletionRequestedAt } : {}),
    ...(account.deletionRequestedBy ? { requestedBy: account.deletionRequestedBy } : {}),
    startedAt: at,
    status: 'deleting',
    counts: {},
    files: {},
    runs: 0,
  };
  await db()
    .send(new PutCommand({ TableName: tableName(), Item: { ...keys.deletionCertificate(account.id), type: entity.deletionCertificate, ...certificate }, ConditionExpression: 'attribute_not_exists(PK)' }))
    .catch((e: unknown) => {
      // A run before this one started it: go on counting into it.
      if (!isConditionFailure(e)) throw e;
    });
  await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.deletionCertificate(account.id), UpdateExpression: 'ADD #runs :one', ExpressionAttributeNames: { '#runs': 'runs' }, ExpressionAttributeValues: { ':one': 1 } }));
}

/** Sign-in first: each user's login sessions (and their references), e-mail claim and failed-login counter, then the SSO domains. */
async function deleteSignIn(accountId: string, deleter: BatchDeleter) {
  let sessions = 0;
  let claims = 0;
  for await (const users of pages({ pk: keys.account(accountId).PK, skPrefix: keys.userPrefix(accountId).SKPrefix })) {
    for (const user of users) {
      if (!user.id) continue;
      for await (const refs of pages({ pk: keys.loginSessionRefs(accountId, user.id) })) {
        for (const ref of refs) {
          sessions += await deleteIfOurs(keys.loginSession(ref.SK.slice(sortKeys.loginSessions().length)), accountId);
          await deleter.add(ref, entity.loginSessionRef);
        }
      }
      // Sessions from before the references: only GSI1 finds them (their own partition is LSESS#).
      await deleter.addPartition(keys.loginSessionsOfUser(accountId, user.id).GSI1PK, entity.loginSession, { index: 'GSI1' });
      if (user.email) {
        claims += await deleteIfOurs(keys.email(user.email), accountId);
        await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginAttempts(user.email) }));
      }
      await deleter.addPartition(keys.caseload(accountId, user.id), entity.caseloadEntry);
    }
  }
  const sso = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ssoConfig(accountId), ConsistentRead: true, ProjectionExpression: 'emailDomains' }));
  let domains = 0;
  for (const domain of (sso.Item?.emailDomains as string[] | undefined) ?? []) domains += await deleteIfOurs(keys.ssoDomain(domain), accountId);
  await deleter.flush();
  await countInto(accountId, 'counts', { [entity.loginSession]: sessions, [entity.email]: claims, [entity.ssoDomain]: domains });
}

/** The partitions found through the account partition's items: sessions' documentation, delivered reports, clients' minutes. */
async function deleteChildPartitions(accountId: string, deleter: BatchDeleter) {
  for await (const items of pages({ pk: keys.account(accountId).PK })) {
    for (const item of items) {
      if (!item.id) continue;
      if (item.type === entity.session) await deleter.addPartition(keys.sessionDocs(accountId, item.id), entity.sessionNote);
      else if (item.type === entity.progressNote) await deleter.addPartition(keys.deliveredReport(accountId, item.id), entity.deliveredReportPart);
      else if (item.type === entity.client) await deleter.addPartition(keys.clientMinutes(accountId, item.id), entity.attended);
    }
  }
  await deleter.addPartition(keys.auditPartition(accountId), entity.audit);
  // Powertools writes these without a `type`.
  await deleter.addPartition(keys.idempotencyPartition(accountId), 'IdempotencyRecord');
  await deleter.flush();
}

/**
 * Deletes the district `account` (as read by the job), or goes on with a deletion an earlier run
 * began. Answers 'deleted' when nothing of it is left but its certificate, 'stopped' when the
 * budget ran out first (the next run continues).
 */
export async function deleteAccount(account: AccountSettingsItem, at: string, budget: JobBudget): Promise<'deleted' | 'stopped'> {
  const accountId = account.id;
  await startCertificate(account, at);
  const deleter = new BatchDeleter(accountId, budget);
  try {
    await deleteSignIn(accountId, deleter);
    await deleteChildPartitions(accountId, deleter);
    await countInto(accountId, 'files', await deleteAccountFiles(accountId));
    for await (const items of pages({ pk: keys.account(accountId).PK })) {
      for (const item of items) if (item.SK !== keys.account(accountId).SK) await deleter.add(item, 'Untyped');
    }
    await deleter.flush();
  } catch (e) {
    if (e instanceof BudgetExhausted) return 'stopped';
    throw e;
  }
  await transact([
    { Delete: { Key: keys.account(accountId) } },
    {
      Update: {
        Key: keys.deletionCertificate(accountId),
        UpdateExpression: 'SET #status = :deleted, deletedAt = :at, #counts.#account = if_not_exists(#counts.#account, :zero) + :one',
        ExpressionAttributeNames: { '#status': 'status', '#counts': 'counts', '#account': entity.account },
        ExpressionAttributeValues: { ':deleted': 'deleted', ':at': nowIso(), ':zero': 0, ':one': 1 },
      },
    },
  ]);
  return 'deleted';
}

/** The certificate of a district's deletion, for the operator (and the tests). */
export async function readDeletionCertificate(accountId: string): Promise<DeletionCertificate | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.deletionCertificate(accountId), ConsistentRead: true }));
  return res.Item as DeletionCertificate | undefined;
}
