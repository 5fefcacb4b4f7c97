import type * as z from 'zod/mini';
import { normalizeDomain, type ssoSettingsBody, DOMAIN_TAKEN } from '@caseload/contract/sso';
import { recordAudit } from '../audit.ts';
import { conditionFailedAt } from '../caseload/tx-errors.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { transact, type TxItem } from '../db.ts';
import { BadRequestError, ConflictError } from '../errors.ts';
import { entity, keys } from '../keys.ts';
import { seal } from '../auth/secret-box.ts';
import { readSsoConfig, settingsView, ssoSecretOwner, type SsoConfigItem } from './config-repo.ts';
import { actorName } from '../people/actor-name.ts';

/** Saves racing with another save of the same account (or a domain claim) before giving up. */
const SAVE_ATTEMPTS = 5;

/**
 * Saves the settings and moves the domain claims in one transaction: each newly claimed domain is
 * a conditional put (free, or already ours), each dropped one a conditional delete (still ours).
 * A domain another account holds cancels the whole save with 409. A concurrent save of the same
 * account (the config's version moved) or a transaction conflict is retried from a fresh read.
 */
export async function saveSsoSettings(auth: AuthContext, input: z.output<typeof ssoSettingsBody>, redirectUri: string) {
  const domains = input.emailDomains.map(normalizeDomain);
  const sealed = input.clientSecret === undefined ? undefined : await seal(input.clientSecret, ssoSecretOwner(auth.accountId));
  for (let attempt = 1; ; attempt++) {
    const current = await readSsoConfig(auth.accountId);
    const clientSecretSealed = sealed ?? current?.clientSecretSealed;
    if (!clientSecretSealed) throw new BadRequestError('Enter the client secret', [{ path: 'clientSecret', message: 'Enter the client secret' }]);
    const item: SsoConfigItem = {
      accountId: auth.accountId,
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecretSealed,
      emailDomains: domains,
      passwordSignIn: input.passwordSignIn,
      version: (current?.version ?? 0) + 1,
      updatedAt: nowIso(),
      updatedBy: auth.userId,
    };
    const before = new Set(current?.emailDomains ?? []);
    const added = domains.filter((d) => !before.has(d));
    const removed = [...before].filter((d) => !domains.includes(d));
    const items: TxItem[] = [
      {
        Put: {
          Item: { ...keys.ssoConfig(auth.accountId), type: entity.ssoConfig, ...item },
          ConditionExpression: current ? 'version = :v' : 'attribute_not_exists(PK)',
          ...(current ? { ExpressionAttributeValues: { ':v': current.version } } : {}),
        },
      },
      ...added.map(
        (domain): TxItem => ({
          Put: {
            Item: { ...keys.ssoDomain(domain), type: entity.ssoDomain, accountId: auth.accountId, domain },
            ConditionExpression: 'attribute_not_exists(PK) OR accountId = :a',
            ExpressionAttributeValues: { ':a': auth.accountId },
          },
        }),
      ),
      ...removed.map(
        (domain): TxItem => ({
          Delete: { Key: keys.ssoDomain(domain), ConditionExpression: 'attribute_not_exists(PK) OR accountId = :a', ExpressionAttributeValues: { ':a': auth.accountId } },
        }),
      ),
    ];
    try {
      await transact(items);
    } catch (e) {
      if (added.some((_, i) => conditionFailedAt(e, i + 1))) throw new ConflictError(DOMAIN_TAKEN);
      const retryable = conditionFailedAt(e, 0) || (e as { name?: string }).name === 'TransactionCanceledException' || (e as { name?: string }).name === 'TransactionConflictException';
      if (!retryable || attempt >= SAVE_ATTEMPTS) {
        if (retryable) throw new ConflictError('The settings were being changed at the same time. Please try again.');
        throw e;
      }
      continue;
    }
    await recordAudit(auth.accountId, {
      action: 'sso.settings_saved',
      actorId: auth.userId,
      actorName: actorName(auth),
      entityType: 'SsoConfig',
      summary: `Single sign-on settings saved${input.clientSecret === undefined ? '' : ' (new client secret)'}`,
    });
    return settingsView(item, redirectUri);
  }
}
