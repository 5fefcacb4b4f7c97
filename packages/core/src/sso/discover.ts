import { emailSchema } from '@caseload/contract/auth';
import { emailDomain } from '@caseload/contract/sso';
import { getAccount } from '../auth/users-repo.ts';
import { accountOfDomain, readSsoConfig } from './config-repo.ts';

/** Where the login page sends this e-mail: the district's SSO, when its domain has one. */
export async function discover(email: string) {
  // A malformed e-mail is simply not an SSO one: the login page asks before the form is valid.
  const domain = emailSchema.safeParse(email).success ? emailDomain(email) : undefined;
  if (!domain) return { sso: false as const };
  const accountId = await accountOfDomain(domain);
  if (!accountId) return { sso: false as const };
  const [sso, account] = await Promise.all([readSsoConfig(accountId), getAccount(accountId)]);
  if (!sso || !account) return { sso: false as const };
  return { sso: true as const, accountName: account.name, startUrl: `/api/sso/start?email=${encodeURIComponent(email.trim())}` };
}

