import { randomUUID } from 'node:crypto';
import type { PermissionsInput } from '../../packages/contract/src/caseload.ts';
import { Agent } from './api.ts';

export const PASSWORD = 'Correct-horse-9!';

/** Registers a new account (tenant) and returns its owner, signed in. */
export async function signUpOwner(overrides: Partial<{ email: string; firstName: string; lastName: string; accountName: string }> = {}) {
  const agent = new Agent();
  const email = overrides.email ?? `owner-${randomUUID()}@district.test`;
  const res = await agent.post('/api/register', {
    email,
    password: PASSWORD,
    firstName: overrides.firstName ?? 'Olivia',
    lastName: overrides.lastName ?? 'Owner',
    accountName: overrides.accountName ?? 'Maple District',
    role: 'slp',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, user: res.body, email, password: PASSWORD };
}

/** Signs in an existing user in a fresh browser-like agent. */
export async function signIn(email: string, password = PASSWORD) {
  const agent = new Agent();
  const res = await agent.post('/api/login', { username: email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, user: res.body };
}

/** Creates a child user through POST /api/users as `owner`, then signs that user in. */
export async function createChild(owner: Agent, permissions: PermissionsInput = {}) {
  const email = `child-${randomUUID()}@district.test`;
  const res = await owner.post('/api/users', {
    user: { firstName: 'Casey', lastName: 'Child', email, password: PASSWORD, role: 'assistant' },
    permissions,
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  const signedIn = await signIn(email);
  return { ...signedIn, id: res.body.id as string, email };
}
