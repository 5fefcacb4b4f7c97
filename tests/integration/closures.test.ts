import { GetCommand, type TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import type { ClientItem, SessionItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { localDate } from '../../packages/core/src/school-calendar/dates.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { clinicianPermissions, dayCounters, expectStatus, schedule } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

const NEW_YORK = 'America/New_York';

async function district() {
  const { agent: owner, user } = await signUpOwner();
  const accountId = user.accountId as string;
  const alder = await putOrganization(accountId, 'Alder Elementary');
  const [ava, ben] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: alder.id }),
    putClient(accountId, { firstName: 'Ben', lastInitial: 'K', organizationId: alder.id }),
  ]);
  return { owner, accountId, alder: alder.id, ava, ben };
}

async function createSeries(agent: Agent, clients: ClientItem[], fields: Record<string, unknown> = {}) {
  const body = { clientIds: clients.map((c) => c.id), weekdays: [1, 2, 3, 4, 5], time: '15:30', startsOn: '2026-11-09', until: '2026-11-13', ...fields };
  return expectStatus(await agent.post('/api/session-series', body), 201) as { series: { id: string }; created: number };
}

async function occurrences(accountId: string, seriesId: string): Promise<SessionItem[]> {
  const items = await queryPartition<SessionItem>({ pk: `ACCT#${accountId}`, skPrefix: 'SESSION#', consistent: true });
  return items.filter((s) => s.seriesId === seriesId).sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
}

const onDate = (sessions: SessionItem[], date: string) => sessions.find((s) => localDate(s.scheduledAt, NEW_YORK) === date)!;

describe('school closures', () => {
  let d: Awaited<ReturnType<typeof district>>;
  beforeAll(async () => {
    d = await district();
  });

  it('starts empty, saves a list in date order, and any user reads it', async () => {
    expect(expectStatus(await d.owner.get('/api/closures'), 200)).toEqual({ closures: [] });
    const saved = expectStatus(
      await d.owner.put('/api/closures', [
        { date: '2026-12-24', label: 'Winter break' },
        { date: '2026-09-07', label: 'Labor Day' },
      ]),
      200,
    );
    expect(saved).toEqual({
      closures: [
        { date: '2026-09-07', label: 'Labor Day' },
        { date: '2026-12-24', label: 'Winter break' },
      ],
      canceledSessions: 0,
    });
    const { agent: viewer } = await signInChild(d.accountId, {});
    expect(expectStatus(await viewer.get('/api/closures'), 200)).toEqual({ closures: saved.closures });
  });

  it('a closure on Wed 11 Nov cancels that day\'s undocumented occurrence (1 of 2 series; the documented one, and a one-off session, stay) and owes no make-up', async () => {
    const plain = await createSeries(d.owner, [d.ava]);
    const noted = await createSeries(d.owner, [d.ben]);
    expect([plain.created, noted.created]).toEqual([5, 5]);
    const notedOn11 = onDate(await occurrences(d.accountId, noted.series.id), '2026-11-11');
    expectStatus(await d.owner.post(`/api/sessions/${notedOn11.id}/notes`, { clientId: d.ben.id, notes: '<p>Planned the week</p>' }), 200);
    const oneOff = await schedule(d.owner, [d.ava.id], '2026-11-11T14:00:00.000Z');
    const current = expectStatus(await d.owner.get('/api/closures'), 200).closures as { date: string; label: string }[];

    const saved = expectStatus(await d.owner.put('/api/closures', [...current, { date: '2026-11-11', label: 'Veterans Day' }]), 200);
    expect(saved.canceledSessions).toBe(1);

    const plainAfter = await occurrences(d.accountId, plain.series.id);
    const canceled = onDate(plainAfter, '2026-11-11');
    expect(canceled.status).toBe('canceled');
    // Part 4 §1.3: closures cancel with `school_closure`, on the session and each participation, so no make-up is owed.
    expect(canceled.cancelReason).toBe('school_closure');
    expect(Object.values(canceled.participants).map((p) => [p.status, p.cancelReason])).toEqual([['canceled', 'school_closure']]);
    expect(expectStatus(await d.owner.get(`/api/sessions/${canceled.id}`), 200)).toMatchObject({
      cancelReason: 'school_closure',
      sessionParticipants: [{ clientId: d.ava.id, status: 'canceled', cancelReason: 'school_closure' }],
    });
    expect(await queryPartition({ pk: keys.clientMinutes(d.accountId, d.ava.id), skPrefix: 'MAKEUP#', consistent: true })).toEqual([]);
    expect(plainAfter.filter((s) => s.status === 'canceled')).toHaveLength(1);
    expect((await dayCounters(d.accountId, '2026-11-11'))?.x_2030).toBe(1);
    expect(onDate(await occurrences(d.accountId, noted.series.id), '2026-11-11').status).toBe('scheduled');
    expect(expectStatus(await d.owner.get(`/api/sessions/${oneOff.id}`), 200).status).toBe('scheduled');

    // Saving the same list again adds no date and cancels nothing more.
    expect(expectStatus(await d.owner.put('/api/closures', saved.closures), 200).canceledSessions).toBe(0);
    const audit = await queryPartition<{ action: string; summary: string }>({ pk: keys.auditPartition(d.accountId), consistent: true });
    const updates = audit.filter((e) => e.action === 'closures.updated');
    expect(updates.length).toBeGreaterThanOrEqual(3);
    expect(updates.some((e) => /1 session\(s\) canceled/.test(e.summary))).toBe(true);
    expect(updates.map((e) => e.summary).join(' ')).not.toMatch(/Veterans|Labor|Winter/);
  });

  it('finishes after a partial failure: the same save again cancels the days the failed one did not reach, and cancels nothing twice', async () => {
    const { owner, accountId, ava } = await district();
    const made = await createSeries(owner, [ava]);
    const closed = [
      { date: '2026-11-10', label: 'Staff day' },
      { date: '2026-11-11', label: 'Veterans Day' },
      { date: '2026-11-12', label: 'Staff day' },
    ];
    // Days are reconciled one after another; the second session's write fails as a throttled
    // write would, after the list itself was stored and the first day's session canceled.
    const client = db();
    const original = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let sessionWrites = 0;
    const send = vi.spyOn(client, 'send').mockImplementation(((command: TransactWriteCommand) => {
      const writesSession = command.input?.TransactItems?.some((t) => String(t.Update?.Key?.SK ?? t.Put?.Item?.SK ?? '').startsWith('SESSION#'));
      if (writesSession && ++sessionWrites === 2) {
        return Promise.reject(Object.assign(new Error('Rate of requests exceeds the allowed throughput'), { name: 'ThrottlingException' }));
      }
      return original(command);
    }) as never);
    let failed;
    try {
      failed = await owner.put('/api/closures', closed);
    } finally {
      send.mockRestore();
    }
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const statuses = async () => (await occurrences(accountId, made.series.id)).map((s) => [localDate(s.scheduledAt, NEW_YORK), s.status]);
    expect(await statuses()).toEqual([
      ['2026-11-09', 'scheduled'],
      ['2026-11-10', 'canceled'],
      ['2026-11-11', 'scheduled'],
      ['2026-11-12', 'scheduled'],
      ['2026-11-13', 'scheduled'],
    ]);
    // The list was stored: the days are no longer "new", yet still owed their reconciling.
    expect(expectStatus(await owner.get('/api/closures'), 200).closures).toEqual(closed);

    expect(expectStatus(await owner.put('/api/closures', closed), 200).canceledSessions).toBe(2);
    expect(await statuses()).toEqual([
      ['2026-11-09', 'scheduled'],
      ['2026-11-10', 'canceled'],
      ['2026-11-11', 'canceled'],
      ['2026-11-12', 'canceled'],
      ['2026-11-13', 'scheduled'],
    ]);
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.closures(accountId), ConsistentRead: true }));
    expect(stored.Item?.pendingDates).toBeUndefined();
    expect(expectStatus(await owner.put('/api/closures', closed), 200).canceledSessions).toBe(0);
  });

  it('a school-year break cancels its occurrences with school_closure too, on the session and each participation, owing no make-up', async () => {
    const { owner, accountId, ava, ben } = await district();
    const made = await createSeries(owner, [ava, ben]);
    const year = { name: '2026–27', firstDay: '2026-09-01', lastDay: '2027-06-15', breaks: [{ name: 'Fall break', start: '2026-11-11', end: '2026-11-11' }] };
    expect(expectStatus(await owner.put('/api/school-years', [year]), 200).canceledSessions).toBe(1);
    const canceled = onDate(await occurrences(accountId, made.series.id), '2026-11-11');
    expect([canceled.status, canceled.cancelReason]).toEqual(['canceled', 'school_closure']);
    expect(Object.values(canceled.participants).map((p) => [p.status, p.cancelReason])).toEqual([
      ['canceled', 'school_closure'],
      ['canceled', 'school_closure'],
    ]);
    for (const kid of [ava, ben]) expect(await queryPartition({ pk: keys.clientMinutes(accountId, kid.id), skPrefix: 'MAKEUP#', consistent: true })).toEqual([]);
  });

  it('a closure counts local dates: Thu 12 Nov closed cancels the 23:30 occurrence of 12 Nov (04:30Z on the 13th), not that of 11 Nov (04:30Z on the 12th)', async () => {
    const { owner, accountId, ava } = await district();
    const late = await createSeries(owner, [ava], { time: '23:30', startsOn: '2026-11-11', until: '2026-11-12' });
    const saved = expectStatus(await owner.put('/api/closures', [{ date: '2026-11-12', label: 'Staff day' }]), 200);
    expect(saved.canceledSessions).toBe(1);
    const sessions = await occurrences(accountId, late.series.id);
    expect(sessions.map((s) => [s.scheduledAt, s.status])).toEqual([
      ['2026-11-12T04:30:00.000Z', 'scheduled'],
      ['2026-11-13T04:30:00.000Z', 'canceled'],
    ]);
  });

  it('a series created after a closure skips it: Mon 9..Fri 13 Nov with Wed 11 Nov closed has 4 occurrences; removing the closure restores nothing', async () => {
    const { owner, accountId, ava } = await district();
    expectStatus(await owner.put('/api/closures', [{ date: '2026-11-11', label: 'Veterans Day' }]), 200);
    const made = await createSeries(owner, [ava]);
    expect(made.created).toBe(4);
    expect((await occurrences(accountId, made.series.id)).map((s) => localDate(s.scheduledAt, NEW_YORK))).toEqual(['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13']);
    expect(expectStatus(await owner.put('/api/closures', []), 200)).toEqual({ closures: [], canceledSessions: 0 });
    expect(await occurrences(accountId, made.series.id)).toHaveLength(4);
  });

  it('needs canManageUsers to save; validates dates, labels and duplicates; each account has its own list', async () => {
    const { agent: clinician } = await signInChild(d.accountId, clinicianPermissions);
    expect((await clinician.put('/api/closures', [{ date: '2026-10-12', label: 'Columbus Day' }])).status).toBe(403);
    const refused = async (body: unknown, message: string) => {
      const res = await d.owner.put('/api/closures', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await refused([{ date: '2026-10-12', label: 'A' }, { date: '2026-10-12', label: 'B' }], 'A date can be closed only once');
    await refused([{ date: '2026-10-12', label: '' }], 'Label is required');
    await refused([{ date: '12/10/2026', label: 'Columbus Day' }], 'Must be a date (yyyy-MM-dd)');
    const { agent: stranger } = await signUpOwner();
    expect(expectStatus(await stranger.get('/api/closures'), 200)).toEqual({ closures: [] });
    expectStatus(await stranger.put('/api/closures', [{ date: '2026-10-12', label: 'Columbus Day' }]), 200);
    expect(expectStatus(await d.owner.get('/api/closures'), 200).closures.map((c: { date: string }) => c.date)).not.toContain('2026-10-12');
  });
});
