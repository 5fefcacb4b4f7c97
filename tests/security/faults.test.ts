import { createConnection, createServer, type Socket } from 'node:net';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { db, setDb } from '../../packages/core/src/db.ts';
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

/** A TCP relay to the run's DynamoDB Local on a port of its own; `down` closes it and every connection. */
async function startRelay(targetPort: string) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(Number(targetPort), '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<number>((res) => server.listen(port, '127.0.0.1', () => res((server.address() as { port: number }).port)));
  const port = await listen(0);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    down: () =>
      new Promise<void>((res) => {
        for (const s of sockets) s.destroy();
        if (!server.listening) return res();
        server.close(() => res());
      }),
    up: () => listen(port).then(() => undefined),
  };
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
    // The database is reached through a TCP relay that can be switched off and on at the same
    // port: the real client loses its connections and must reconnect, with no Java restart.
    const relay = await startRelay(new URL(inject('dynamoEndpoint')).port);
    const savedEndpoint = process.env.DYNAMODB_ENDPOINT;
    process.env.DYNAMODB_ENDPOINT = relay.endpoint;
    setDb(undefined);
    try {
      const { agent } = await signUpOwner();
      expect((await agent.get('/api/user')).status).toBe(200);
      await relay.down();
      const down = await agent.get('/api/user');
      expect(down.status).toBe(503);
      expect(down.headers['Retry-After']).toBeDefined();
      expect(down.body.message).toMatch(/temporarily unavailable/);
      await relay.up();
      expect((await agent.get('/api/user')).status).toBe(200);
    } finally {
      process.env.DYNAMODB_ENDPOINT = savedEndpoint;
      setDb(undefined);
      await relay.down();
    }
  });
});
