/**
 * A session's provider: the user who delivers it. Sessions written before providers existed have
 * no `providerId` and read as their creator's (the backfill in migrate-provider.ts writes it).
 *
 * Who may provide is decided inside the session's write, never by a read before it: the
 * transaction carries a ConditionCheck on the provider's user item (active, in the account because
 * the key is the account's, and allowed to see every participant's organization), so a provider
 * deactivated or narrowed a moment before the commit cancels it.
 */
import { PROVIDER_MESSAGE } from '@caseload/contract/sessions';
import type { TxItem } from '../db.ts';
import { BadRequestError } from '../errors.ts';
import type { SessionItem } from '../items.ts';
import { keys } from '../keys.ts';

export const providerOf = (item: Pick<SessionItem, 'providerId' | 'createdBy'>): string | undefined => item.providerId ?? item.createdBy;

/** The participants' organizations; `undefined` stands for a client without one. */
const organizationsOf = (item: SessionItem) => new Set(Object.values(item.participants).map((p) => p.organizationId));

/**
 * Whether the write must prove its provider: a new session, a new provider, or a participant from
 * an organization the session did not have. Other edits (a status, a note, a participant of an
 * organization already there) leave a valid choice valid, so a provider deactivated since does not
 * block recording what happened in their session.
 */
export function needsProviderCheck(before: SessionItem | undefined, after: SessionItem | undefined): boolean {
  if (!after) return false;
  if (!before || providerOf(before) !== providerOf(after)) return true;
  const known = organizationsOf(before);
  return [...organizationsOf(after)].some((o) => !known.has(o));
}

/**
 * The ConditionCheck that the provider may provide this session: the user item exists in the
 * session's account and is active, and is the owner, has every organization (no list, or an empty
 * one), or lists every participant's organization. A participant without an organization can only
 * be seen by users with every organization, as in `canSeeOrganization`.
 */
export function providerCheck(accountId: string, session: SessionItem, providerId: string): TxItem {
  const orgs = [...organizationsOf(session)];
  const values: Record<string, unknown> = { ':active': true, ':owner': 'owner', ':none': 0 };
  const everyOrg = ['#userType = :owner', 'attribute_not_exists(#perm.#orgs)', 'size(#perm.#orgs) = :none'];
  if (!orgs.includes(undefined)) {
    const contains = orgs.map((o, i) => {
      values[`:o${i}`] = o;
      return `contains(#perm.#orgs, :o${i})`;
    });
    everyOrg.push(`(${contains.join(' AND ')})`);
  }
  return {
    ConditionCheck: {
      Key: keys.user(accountId, providerId),
      ConditionExpression: `#active = :active AND (${everyOrg.join(' OR ')})`,
      ExpressionAttributeNames: { '#active': 'isActive', '#userType': 'userType', '#perm': 'permissions', '#orgs': 'allowedOrganizationIds' },
      ExpressionAttributeValues: values,
    },
  };
}

export const providerRefused = () => new BadRequestError(PROVIDER_MESSAGE, [{ path: 'providerId', message: PROVIDER_MESSAGE }]);

interface Cancelled {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

/**
 * Whether a cancelled transaction failed only on the provider's check (at `index`): then the choice
 * is wrong, not a race. A failed version condition (index 0) is a lost race that the caller retries
 * from the read; the retry meets the provider's check again.
 */
export function failedProviderCheck(error: unknown, index: number): boolean {
  const e = error as Cancelled;
  if (e?.name !== 'TransactionCanceledException') return false;
  const reasons = e.CancellationReasons ?? [];
  const failed = (r: { Code?: string } | undefined) => r?.Code === 'ConditionalCheckFailed' || r?.Code === 'TransactionConflict';
  return reasons[index]?.Code === 'ConditionalCheckFailed' && !failed(reasons[0]);
}
