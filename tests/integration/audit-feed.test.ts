import { afterEach, describe, expect, it } from 'vitest';
import { recordAudit } from '../../packages/core/src/audit.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { createChild, signUpOwner } from '../support/accounts.ts';

afterEach(() => testClock.reset());

/** Each activity feed is one Query by key: other users' volume never crowds out a user's own. */
describe('own activity in a busy district', () => {
  it("returns a delegated user's own newest events after others have written far more than the feed's limit", async () => {
    const owner = await signUpOwner();
    const child = await createChild(owner.agent, { canCreateClients: true });
    for (let i = 0; i < 3; i++) {
      // Each event its own second, so the order of the child's events is certain.
      testClock.advance(1000);
      expect((await child.agent.post('/api/clients', { firstName: `Kid${i}`, lastInitial: 'K', status: 'active' })).status).toBe(201);
    }
    // Then the rest of the district: 120 events by others, all newer than the child's.
    for (let i = 0; i < 120; i++) {
      testClock.advance(10);
      await recordAudit(owner.user.accountId, { action: 'client.updated', actorId: owner.user.id, actorName: 'Olivia Owner', summary: 'Updated a client' });
    }

    for (const scope of ['mine', 'account']) {
      // A user who cannot manage users sees only its own events, whatever it asks.
      const feed = (await child.agent.get(`/api/activities?scope=${scope}`)).body as { action: string; actorName: string; at: string }[];
      const own = feed.filter((e) => e.action === 'client.created');
      expect(own).toHaveLength(3);
      expect(feed.every((e) => e.actorName === 'Casey Child')).toBe(true);
      expect(own.map((e) => e.at)).toEqual([...own.map((e) => e.at)].sort().reverse());
    }
    // The owner's own feed holds the newest ten of its own.
    const ownerFeed = (await owner.agent.get('/api/activities?scope=mine')).body as { actorName: string }[];
    expect(ownerFeed).toHaveLength(10);
    expect(ownerFeed.every((e) => e.actorName === 'Olivia Owner')).toBe(true);
  });
});

describe('the activity feed: work by default, sign-ins behind a filter', () => {
  it('leaves sign-ins and failed attempts out unless asked, and still fills the page from older work', async () => {
    const owner = await signUpOwner();
    testClock.advance(1000);
    expect((await owner.agent.post('/api/clients', { firstName: 'Wren', lastInitial: 'W', status: 'active' })).status).toBe(201);
    // More sign-ins than the feed's limit, all newer than the client: the default feed reads past them.
    for (const action of [...Array<string>(12).fill('auth.login'), 'auth.login_failed', 'auth.2fa_failed', 'auth.logout']) {
      testClock.advance(10);
      await recordAudit(owner.user.accountId, { action, actorId: owner.user.id, actorName: 'Olivia Owner', summary: 'Signed in' });
    }
    const signIns = new Set(['auth.login', 'auth.logout', 'auth.login_failed', 'auth.2fa_failed']);
    for (const scope of ['mine', 'account']) {
      const work = (await owner.agent.get(`/api/activities?scope=${scope}`)).body as { action: string }[];
      expect(work.map((e) => e.action)).toEqual(['client.created', 'account.registered']);

      const onlySignIns = (await owner.agent.get(`/api/activities?scope=${scope}&kind=sign-ins`)).body as { action: string }[];
      expect(onlySignIns).toHaveLength(10);
      expect(onlySignIns.every((e) => signIns.has(e.action))).toBe(true);
      expect(onlySignIns.slice(0, 3).map((e) => e.action)).toEqual(['auth.logout', 'auth.2fa_failed', 'auth.login_failed']);

      const everything = (await owner.agent.get(`/api/activities?scope=${scope}&kind=all`)).body as { action: string }[];
      expect(everything).toHaveLength(10);
      expect(everything.every((e) => signIns.has(e.action))).toBe(true);
    }
    const bad = await owner.agent.get('/api/activities?kind=logins');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('kind must be work, sign-ins or all');
  });
});
