import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeDomain, type PasswordSignIn, type SsoSettings } from '@caseload/contract/sso';
import type { AuthContext } from '../context.ts';
import { db } from '../db.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';

/** The SSO settings item and its lookups: no sealing here, so sign-in and discovery bundles stay without it. */
export interface SsoConfigItem {
  accountId: string;
  issuer: string;
  clientId: string;
  /** Sealed with the TOTP secrets' sealing (auth/secret-box.ts), owner `{ accountId, userId: SSO_SECRET_OWNER }`. */
  clientSecretSealed?: string;
  emailDomains: string[];
  passwordSignIn: PasswordSignIn;
  /** Raised by every save: a save built on an older read is refused and read again. */
  version: number;
  updatedAt: string;
  updatedBy: string;
}

/** The "user" a sealed client secret is bound to: the account's, not a person's. */
export const SSO_SECRET_OWNER = 'sso-client';
export const ssoSecretOwner = (accountId: string) => ({ accountId, userId: SSO_SECRET_OWNER });

export async function readSsoConfig(accountId: string): Promise<SsoConfigItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ssoConfig(accountId), ConsistentRead: true }));
  return res.Item as SsoConfigItem | undefined;
}

/** The account that claimed an e-mail domain for SSO, if any. */
export async function accountOfDomain(domain: string): Promise<string | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ssoDomain(normalizeDomain(domain)) }));
  return (res.Item as { accountId?: string } | undefined)?.accountId;
}


export function settingsView(config: SsoConfigItem | undefined, redirectUri: string): SsoSettings {
  return {
    configured: config !== undefined,
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    hasClientSecret: Boolean(config?.clientSecretSealed),
    emailDomains: config?.emailDomains ?? [],
    passwordSignIn: config?.passwordSignIn ?? 'everyone',
    redirectUri,
  };
}

export async function getSsoSettings(auth: AuthContext, redirectUri: string) {
  return settingsView(await readSsoConfig(auth.accountId), redirectUri);
}

