/**
 * A login session carries its user's access, so a signed-in request authenticates with one read;
 * every access change rewrites or ends the user's sessions before it answers, and a sign-in racing
 * with a change never keeps the access from before it.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionsInput } from '../../packages/contract/src/caseload.ts';
import { ABSOLUTE_TIMEOUT_SECONDS, SESSION_COOKIE } from '../../packages/core/src/auth/login-sessions.ts';
import { nowSeconds, testClock } from '../../packages/core/src/clock.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import { newToken, sha256 } from '../../packages/core/src/ids.ts';
import { entity, keys } from '../../packages/core/src/keys.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { Agent } from '../support/api.ts';
import { createChild, PASSWORD, signIn, signUpOwner } from '../support/accounts.ts';
import { getRaw } from '../support/fixtures-sessions.ts';
import { putClient } from '../support/records.ts';

let owner: Agent;
let accountId: string;
let orgA: string;
let orgB: string;

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
  orgA = (await owner.post('/api/organizations', { name: 'Alder' })).body.id;
  orgB = (await owner.post('/api/organizations', { name: 'Birch' })).body.id;
});

async function setPermissions(userId: string, permissions: PermissionsInput) {
  const res = await owner.put(`/api/users/${userId}/permissions`, permissions);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** DynamoDB commands sent while `fn` runs, as their names and inputs (a test-only SDK middleware). */
async function commandsDuring(fn: () => Promise<unknown>) {
  const seen: { name: string; input: string }[] = [];
  db().middlewareStack.add(
    (next, context) => async (args) => {
      seen.push({ name: String(context.commandName), input: JSON.stringify(args.input) });
      return next(args);
    },
    { step: 'initialize', name: 'commandCounter', override: true },
  );
  try {
    await fn();
  } finally {
    db().middlewareStack.remove('commandCounter');
  }
  return seen;
}

/** Runs `action` once, just before the next login-session transaction reaches DynamoDB. */
function beforeNextSessionWrite(action: () => Promise<unknown>) {
  let pending = true;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (pending && context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(args.input).includes(entity.loginSessionRef)) {
        pending = false;
        await action();
      }
      return next(args);
    },
    { step: 'initialize', name: 'sessionWriteInterleaver', override: true },
  );
}

afterEach(() => {
  db().middlewareStack.remove('sessionWriteInterleaver');
  testClock.reset();
});

describe('an access change holds from the next request', () => {
  it('a removed permission answers 403 where it answered 200', async () => {
    const child = await createChild(owner, { canViewReports: true });
    expect((await child.agent.get('/api/progress')).status).toBe(200);
    await setPermissions(child.id, { canViewReports: false });
    expect((await child.agent.get('/api/progress')).status).toBe(403);
    expect((await child.agent.get('/api/user-permissions')).body).toMatchObject({ canViewReports: false });
  });

  it('a narrowed organization scope hides the clients outside it', async () => {
    const [inA, inB] = await Promise.all([putClient(accountId, { organizationId: orgA }), putClient(accountId, { organizationId: orgB })]);
    const child = await createChild(owner, { allowedOrganizationIds: [orgA, orgB] });
    // A client's notes list is answered only for a client the user may see (404 otherwise).
    const notesOf = async (clientId: string) => (await child.agent.get(`/api/clients/${clientId}/progress-notes`)).status;
    expect([await notesOf(inA.id), await notesOf(inB.id)]).toEqual([200, 200]);
    await setPermissions(child.id, { allowedOrganizationIds: [orgA] });
    expect([await notesOf(inA.id), await notesOf(inB.id)]).toEqual([200, 404]);
  });

  it('deactivation answers 401 on the next request of every session of the user', async () => {
    const child = await createChild(owner);
    const second = await signIn(child.email);
    expect((await child.agent.get('/api/user')).status).toBe(200);
    expect((await owner.patch(`/api/users/${child.id}`, { isActive: false })).status).toBe(200);
    for (const agent of [child.agent, second.agent]) {
      const res = await agent.get('/api/user');
      expect(res.status).toBe(401);
      expect(res.headers['X-Session-Expired']).toBe('true');
    }
  });
});

describe('a sign-in racing with an access change', () => {
  it('builds the session again from the changed user when the change lands between its read and its write', async () => {
    const child = await createChild(owner, { canViewReports: true });
    beforeNextSessionWrite(() => setPermissions(child.id, { canViewReports: false }));
    const late = await signIn(child.email);
    expect(late.user.permissions).toMatchObject({ canViewReports: false });
    expect((await late.agent.get('/api/progress')).status).toBe(403);
  });

  it('refuses the sign-in when a deactivation lands between its read and its write, leaving no session', async () => {
    const child = await createChild(owner);
    beforeNextSessionWrite(() => owner.patch(`/api/users/${child.id}`, { isActive: false }));
    const agent = new Agent();
    const res = await agent.post('/api/login', { username: child.email, password: PASSWORD });
    expect(res.status).toBe(401);
    expect(agent.jar.has(SESSION_COOKIE)).toBe(false);
    expect(await queryPartition({ pk: keys.loginSessionRefs(accountId, child.id), consistent: true })).toEqual([]);
  });

  it('never leaves a new session with the permissions from before a change run in parallel with it', async () => {
    const child = await createChild(owner, { canViewReports: true });
    for (let round = 0; round < 12; round++) {
      const canViewReports = round % 2 === 1;
      const [signedIn] = await Promise.all([signIn(child.email), setPermissions(child.id, { canViewReports })]);
      expect((await signedIn.agent.get('/api/user-permissions')).body).toMatchObject({ canViewReports });
      expect((await signedIn.agent.get('/api/progress')).status).toBe(canViewReports ? 200 : 403);
    }
  });
});

describe('one read to authenticate', () => {
  it('a signed-in GET reads the login session once, consistently, and nothing else to know who asks', async () => {
    testClock.set(new Date());
    const child = await createChild(owner, { canViewReports: true });
    const seen = await commandsDuring(async () => expect((await child.agent.get('/api/user-permissions')).status).toBe(200));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.name).toBe('GetItemCommand');
    expect(seen[0]!.input).toContain('LSESS#');
    expect(seen[0]!.input).toContain('"ConsistentRead":true');
  });

  it("a client's notes list is the session read plus the route's own reads, never the user", async () => {
    testClock.set(new Date());
    const client = await putClient(accountId, { organizationId: orgA });
    const seen = await commandsDuring(async () => expect((await owner.get(`/api/clients/${client.id}/progress-notes`)).status).toBe(200));
    expect(seen.filter((c) => c.input.includes('LSESS#'))).toHaveLength(1);
    expect(seen.filter((c) => c.input.includes('USER#'))).toHaveLength(0);
  });
});

describe('sessions created before sessions carried access', () => {
  /** A session item as written before this change: no access copy, no reference, found on GSI1. */
  async function olderSession(userId: string) {
    const token = newToken();
    const hash = sha256(token);
    const t = nowSeconds();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.loginSession(hash),
          GSI1PK: keys.loginSessionsOfUser(accountId, userId).GSI1PK,
          GSI1SK: `LSESS#${hash}`,
          type: entity.loginSession,
          accountId,
          userId,
          stage: 'active',
          createdAt: t,
          lastSeenAt: t,
          ttl: t + ABSOLUTE_TIMEOUT_SECONDS,
        },
      }),
    );
    const agent = new Agent();
    agent.jar.set(SESSION_COOKIE, `${accountId}.${userId}.${token}`);
    return { agent, hash };
  }

  it('keep working, read the user for their access, and end with the user', async () => {
    const child = await createChild(owner, { canViewReports: true });
    const older = await olderSession(child.id);
    expect((await older.agent.get('/api/progress')).status).toBe(200);
    await setPermissions(child.id, { canViewReports: false });
    expect((await older.agent.get('/api/progress')).status).toBe(403);
    expect((await owner.patch(`/api/users/${child.id}`, { isActive: false })).status).toBe(200);
    expect((await older.agent.get('/api/user')).status).toBe(401);
    expect(await getRaw(keys.loginSession(older.hash))).toBeUndefined();
  });
});
