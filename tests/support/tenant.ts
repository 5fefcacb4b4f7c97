import { buildPath, type RouteDef } from '../../packages/contract/src/manifest.ts';
import type { Agent } from './api.ts';
import { signUpOwner } from './accounts.ts';
import { requiredQueryFor, sampleFor, type SampleIds } from './samples.ts';

export interface Tenant {
  agent: Agent;
  accountId: string;
  userId: string;
  email: string;
  /** A string written into this tenant's records that must never appear in another tenant's answers. */
  marker: string;
  ids: Required<Pick<SampleIds, 'clientId' | 'goalId' | 'organizationId'>> & { sessionId: string; noteId?: string; childUserId?: string; jobId?: string; iepId?: string };
}

function expectOk(res: { status: number; body: any }, what: string) {
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A tenant with one of each record, made through the API as a user would. */
export async function buildTenant(): Promise<Tenant> {
  const marker = `Mk${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const { agent, user, email } = await signUpOwner({ accountName: `${marker} District`, lastName: marker });
  const org = expectOk(await agent.post('/api/organizations', { name: `${marker} School`, type: 'school' }), 'organization');
  const client = expectOk(
    await agent.post('/api/clients', { firstName: marker, lastInitial: 'Q', organizationId: org.id, gradeLevel: '3', sessionFrequency: 2, status: 'active', diagnosis: `${marker} dx` }),
    'client',
  );
  const goal = expectOk(
    await agent.post('/api/goals', { clientId: client.id, name: `${marker} goal`, type: 'articulation', description: `<p>${marker}</p>`, targetCriteria: '80% accuracy' }),
    'goal',
  );
  const scheduledAt = new Date(Date.now() - 2 * 86400_000).toISOString();
  const session = expectOk(await agent.post('/api/sessions', { type: 'therapy', clientIds: [client.id], scheduledAt, duration: 30, notes: marker }), 'session');
  expectOk(await agent.post(`/api/sessions/${session.id}/notes`, { clientId: client.id, notes: `<p>${marker}</p>` }), 'session note');
  expectOk(await agent.post(`/api/sessions/${session.id}/progress`, { goalId: goal.id, successfulAttempts: 7, totalAttempts: 10, notes: marker }), 'progress');
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
  const note = await agent.post(`/api/clients/${client.id}/generate-progress-note`, { reportingPeriodStart: monthAgo, reportingPeriodEnd: today });
  // Ended, so a sampled active IEP of the same client never overlaps it.
  const iep = expectOk(
    await agent.post(`/api/clients/${client.id}/ieps`, { startDate: '2025-09-01', endDate: '2026-06-30', status: 'ended', serviceMinutes: 60, servicePer: 'week' }),
    'IEP',
  );
  const child = await agent.post('/api/users', {
    user: { firstName: 'Kid', lastName: marker, email: `kid-${marker}@example.test`.toLowerCase(), password: 'Sample-password-1!', role: 'assistant' },
    permissions: {},
  });
  return {
    agent,
    accountId: user.accountId,
    userId: user.id,
    email,
    marker,
    ids: {
      clientId: client.id,
      goalId: goal.id,
      organizationId: org.id,
      sessionId: session.id,
      noteId: note.status < 300 ? note.body.id : undefined,
      childUserId: child.status < 300 ? child.body.id : undefined,
      iepId: iep.id,
    },
  };
}

/** The tenant's id for each path parameter of a route, by what the path names. */
export function pathFor(route: RouteDef, t: Tenant): string {
  const [, , resource] = route.path.split('/');
  const byResource: Record<string, string | undefined> = {
    sessions: t.ids.sessionId,
    clients: t.ids.clientId,
    organizations: t.ids.organizationId,
    'progress-notes': t.ids.noteId,
    users: t.ids.childUserId,
    'trusted-devices': crypto.randomUUID(),
    'generate-progress-notes-bulk': t.ids.jobId ?? crypto.randomUUID(),
  };
  const path = buildPath(route.path, {
    id: byResource[resource!] ?? crypto.randomUUID(),
    clientId: t.ids.clientId,
    goalId: t.ids.goalId,
    userId: t.ids.childUserId ?? crypto.randomUUID(),
    jobId: t.ids.jobId ?? crypto.randomUUID(),
    iepId: t.ids.iepId ?? crypto.randomUUID(),
  });
  // A required query parameter (DELETE /api/session-series/{id}?from=) is part of a valid call.
  return path + requiredQueryFor(route.query, t.ids);
}

/** A valid body for the route, pointing at the tenant's records. */
export const bodyFor = (route: RouteDef, t: Tenant) => (route.body ? sampleFor(route.body, t.ids) : route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
