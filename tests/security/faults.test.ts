import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { db, ensureTable, setDb } from '../../packages/core/src/db.ts';
import { startDynamoLocal } from '../../packages/local/src/dynamodb-local.ts';
import { signUpOwner } from '../support/accounts.ts';
import { fingerprint } from '../support/fingerprint.ts';

/** Injects a fault for chosen DynamoDB commands (by their low-level names) through an SDK middleware on the shared client. */
function injectFault(client: DynamoDBDocumentClient, commands: string[], error: () => Error) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (commands.includes(String(context.commandName))) throw error();
      return next(args);
    },
    { step: 'initialize', name: 'faultInjector', override: true },
  );
  return () => client.middlewareStack.remove('faultInjector');
}

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, ...extra });

let removeFault: (() => void) | undefined;
afterEach(() => {
  removeFault?.();
  removeFault = undefined;
});

describe('database faults', () => {
  it('answers 503 with Retry-After when DynamoDB throttles, and writes nothing', async () => {
    const { agent, user } = await signUpOwner();
    const before = await fingerprint(user.accountId);
    removeFault = injectFault(db(), ['TransactWriteItemsCommand', 'PutItemCommand', 'UpdateItemCommand'], () => named('ProvisionedThroughputExceededException'));
    const res = await agent.post('/api/organizations', { name: 'Throttled School', type: 'school' });
    expect(res.status).toBe(503);
    expect(res.headers['Retry-After']).toBeDefined();
    expect(res.body.message).toMatch(/busy/);
    removeFault();
    removeFault = undefined;
    expect(await fingerprint(user.accountId)).toBe(before);
  });

  it('answers 409 when a transaction is cancelled by a concurrent change, with no partial write', async () => {
    const { agent, user } = await signUpOwner();
    const org = await agent.post('/api/organizations', { name: 'North School', type: 'school' });
    const before = await fingerprint(user.accountId);
    removeFault = injectFault(db(), ['TransactWriteItemsCommand'], () => named('TransactionCanceledException', { CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }, { Code: 'None' }] }));
    const res = await agent.post('/api/clients', { firstName: 'Ann', lastInitial: 'L', organizationId: org.body.id, status: 'active' });
    expect(res.status).toBe(409);
    removeFault();
    removeFault = undefined;
    expect(await fingerprint(user.accountId)).toBe(before);
  });

  it('answers 503 while the database is down and recovers when it returns', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'caseload-fault-'));
    const first = await startDynamoLocal({ dataDir });
    const port = Number(new URL(first.endpoint).port);
    const savedEndpoint = process.env.DYNAMODB_ENDPOINT;
    process.env.DYNAMODB_ENDPOINT = first.endpoint;
    setDb(undefined);
    try {
      await ensureTable();
      const { agent } = await signUpOwner();
      expect((await agent.get('/api/user')).status).toBe(200);
      await first.stop();
      const down = await agent.get('/api/user');
      expect(down.status).toBe(503);
      expect(down.body.message).toMatch(/temporarily unavailable/);
      const second = await startDynamoLocal({ dataDir, port });
      try {
        expect((await agent.get('/api/user')).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      process.env.DYNAMODB_ENDPOINT = savedEndpoint;
      setDb(undefined);
    }
  });
});
