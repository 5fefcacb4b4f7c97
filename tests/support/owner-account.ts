import { signUpOwner } from './accounts.ts';
import type { Agent } from './api.ts';

/** Registers a new account and returns its signed-in owner and the account's id: the once-per-file setup of most integration suites. */
export async function signUpOwnerAccount(): Promise<{ owner: Agent; accountId: string }> {
  const { agent, user } = await signUpOwner();
  return { owner: agent, accountId: user.accountId };
}
