import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from './clock.ts';
import { db, queryPartition } from './db.ts';
import { newId } from './ids.ts';
import { entity, keys } from './keys.ts';
import { tableName } from './table.ts';

/** Audit events are kept for six years (HIPAA's retention for documentation). */
export const AUDIT_RETENTION_SECONDS = 6 * 365 * 24 * 3600;

export interface AuditEvent {
  id: string;
  at: string;
  action: string;
  actorId?: string;
  actorName?: string;
  entityType?: string;
  entityId?: string;
  ip?: string;
  /** A short, content-free description: who did what to which kind of record, never the record. */
  summary: string;
  /**
   * The student the event is about, as an id: the activity feed names the student ("Ava A.") when
   * it is read, for a reader who may see that student, so the log itself holds no name.
   */
  clientId?: string;
  /** Ids a change added to or removed from the record (e.g. a client's clinicians): ids only, never names. */
  addedIds?: string[];
  removedIds?: string[];
}

export async function recordAudit(
  accountId: string,
  event: Omit<AuditEvent, 'id' | 'at'>,
): Promise<void> {
  const at = nowIso();
  const id = newId();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.audit(accountId, at, id),
        ...(event.actorId ? keys.auditByActor(accountId, event.actorId, at, id) : {}),
        type: entity.audit,
        id,
        at,
        ...event,
        ttl: Math.floor(Date.parse(at) / 1000) + AUDIT_RETENTION_SECONDS,
      },
    }),
  );
}

/** Signing in and out, and failed attempts: the events the activity feed shows only when asked. */
export const SIGN_IN_ACTIONS = ['auth.login', 'auth.logout', 'auth.login_failed', 'auth.2fa_failed', 'auth.login_refused', 'auth.sso_login', 'auth.sso_refused', 'auth.sso_failed'] as const;

function kindFilter(kind: 'work' | 'sign-ins' | 'all') {
  if (kind === 'all') return undefined;
  const values = Object.fromEntries(SIGN_IN_ACTIONS.map((action, i) => [`:signIn${i}`, action]));
  const list = Object.keys(values).join(', ');
  return {
    FilterExpression: kind === 'work' ? `NOT (#action IN (${list}))` : `#action IN (${list})`,
    ExpressionAttributeNames: { '#action': 'action' },
    ExpressionAttributeValues: values,
  };
}

/**
 * The newest audit events of an account, or of one actor: each is one Query by key (the actor's
 * on GSI1), so a busy district never crowds a user's own events out of the answer. A kind other
 * than 'all' is a filter on the same Query, read page after page until `limit` events match.
 */
export async function recentAudit(accountId: string, opts: { limit: number; actorId?: string; kind?: 'work' | 'sign-ins' | 'all' }) {
  const filter = kindFilter(opts.kind ?? 'all');
  return queryPartition<AuditEvent>(
    opts.actorId
      ? { index: 'GSI1', pk: keys.auditOfActor(accountId, opts.actorId), forward: false, limit: opts.limit, filter }
      : { pk: keys.auditPartition(accountId), forward: false, limit: opts.limit, filter },
  );
}
