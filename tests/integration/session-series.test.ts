import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGE } from '../../packages/contract/src/sessions.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import { newId } from '../../packages/core/src/ids.ts';
import type { ClientItem, SessionItem, SessionSeriesItem } from '../../packages/core/src/items.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { localDate } from '../../packages/core/src/school-calendar/dates.ts';
import { tableName } from '../../packages/core/src/table.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { clinicianPermissions, expectStatus, getRaw } from '../support/fixtures-sessions.ts';
import { fingerprint } from '../support/fingerprint.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

const NEW_YORK = 'America/New_York';

/** A fresh account (closures and time zone are per account) with two schools and three students. */
async function district() {
  const { agent: owner, user } = await signUpOwner();
  const accountId = user.accountId as string;
  const [alder, birch] = await Promise.all([putOrganization(accountId, 'Alder Elementary'), putOrganization(accountId, 'Birch Middle')]);
  const [ava, ben, cleo] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: alder.id }),
    putClient(accountId, { firstName: 'Ben', lastInitial: 'K', organizationId: alder.id }),
    putClient(accountId, { firstName: 'Cleo', lastInitial: 'R', organizationId: birch.id }),
  ]);
  return { owner, accountId, ownerId: user.id as string, alder: alder.id, birch: birch.id, ava, ben, cleo };
}

const series = (clients: ClientItem[], fields: Record<string, unknown> = {}) => ({
  clientIds: clients.map((c) => c.id),
  type: 'therapy',
  weekdays: [1, 3, 5],
  time: '15:30',
  duration: 30,
  startsOn: '2026-09-01',
  until: '2026-12-18',
  ...fields,
});

async function createSeries(agent: Agent, body: Record<string, unknown>) {
  return expectStatus(await agent.post('/api/session-series', body), 201) as { series: { id: string }; created: number; kept: number; deleted: number };
}

/** The account's sessions of one series, read straight from the table, by time. */
async function occurrences(accountId: string, seriesId: string): Promise<SessionItem[]> {
  const items = await queryPartition<SessionItem>({ pk: `ACCT#${accountId}`, skPrefix: 'SESSION#', consistent: true });
  return items.filter((s) => s.seriesId === seriesId).sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
}

const datesOf = (sessions: SessionItem[], timeZone = NEW_YORK) => sessions.map((s) => localDate(s.scheduledAt, timeZone));
const seriesItem = (accountId: string, seriesId: string) => getRaw<SessionSeriesItem>(keys.sessionSeries(accountId, seriesId));

/** The dashboard counters of an account with zero-valued counts left out (a create undone leaves zeros behind). */
async function counters(accountId: string) {
  const items = await queryPartition<Record<string, unknown>>({ pk: `ACCT#${accountId}`, skPrefix: 'COUNTERS#', consistent: true });
  return Object.fromEntries(
    items
      .map((i) => [i.SK, Object.fromEntries(Object.entries(i).filter(([, v]) => typeof v === 'number' && v !== 0))] as const)
      .filter(([, counts]) => Object.keys(counts).length > 0),
  );
}

async function setTimeZone(accountId: string, timeZone: string) {
  await db().send(
    new UpdateCommand({ TableName: tableName(), Key: keys.account(accountId), UpdateExpression: 'SET #tz = :tz', ExpressionAttributeNames: { '#tz': 'timeZone' }, ExpressionAttributeValues: { ':tz': timeZone } }),
  );
}

/** Runs `fn` with an SDK middleware on the shared client that sees every command first. */
async function withMiddleware<T>(middleware: (commandName: string, input: unknown) => Promise<void>, fn: () => Promise<T>): Promise<T> {
  const name = `series-test-${newId()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      await middleware(String(context.commandName), (args as { input?: unknown }).input);
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return await fn();
  } finally {
    db().middlewareStack.remove(name);
  }
}

const named = (name: string) => Object.assign(new Error(name), { name });

describe('creating a series', () => {
  let d: Awaited<ReturnType<typeof district>>;
  beforeAll(async () => {
    d = await district();
  });

  it('Mon/Wed/Fri 2026-09-01..2026-12-18 with closures Wed 11 Nov and Thu 26 Nov: 47 weekdays − 1 closed = 46 occurrences at 15:30 New York', async () => {
    expectStatus(await d.owner.put('/api/closures', [{ date: '2026-11-11', label: 'Veterans Day' }, { date: '2026-11-26', label: 'Thanksgiving' }]), 200);
    const res = await createSeries(d.owner, series([d.ava, d.ben]));
    expect(res).toMatchObject({ created: 46, kept: 0, deleted: 0 });
    expect(res.series).toMatchObject({ clientIds: [d.ava.id, d.ben.id], providerId: d.ownerId, type: 'therapy', weekdays: [1, 3, 5], time: '15:30', duration: 30, startsOn: '2026-09-01', until: '2026-12-18' });

    const sessions = await occurrences(d.accountId, res.series.id);
    expect(sessions).toHaveLength(46);
    const dates = datesOf(sessions);
    expect(dates[0]).toBe('2026-09-02');
    expect(dates.at(-1)).toBe('2026-12-18');
    expect(dates).not.toContain('2026-11-11');
    expect(dates.every((date) => [1, 3, 5].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))).toBe(true);
    expect(new Set(sessions.map((s) => s.scheduledAt.slice(11, 16)))).toEqual(new Set(['19:30', '20:30']));
    expect(sessions.every((s) => s.status === 'scheduled' && s.providerId === d.ownerId && Object.keys(s.participants).length === 2)).toBe(true);
    expect((await seriesItem(d.accountId, res.series.id))?.sessionIds).toHaveLength(46);

    // Each occurrence is a session like one scheduled by hand: counted, on the calendar, with its series.
    const day = await getRaw<Record<string, number>>(keys.counters(d.accountId, 'ALL#D#2026-09-02'));
    expect(day?.n_1930).toBe(1);
    const one = expectStatus(await d.owner.get(`/api/sessions/${sessions[0]!.id}`), 200);
    expect(one).toMatchObject({ seriesId: res.series.id, scheduledAt: '2026-09-02T19:30:00.000Z' });
    const listed = expectStatus(await d.owner.get('/api/sessions?from=2026-09-01T00:00:00Z&to=2026-09-08T00:00:00Z'), 200) as { seriesId?: string }[];
    expect(listed.filter((s) => s.seriesId === res.series.id)).toHaveLength(3);
    expect(expectStatus(await d.owner.get(`/api/session-series/${res.series.id}`), 200)).toEqual(res.series);

    const audit = await queryPartition<{ action: string; summary: string; entityId: string }>({ pk: keys.auditPartition(d.accountId), consistent: true });
    const created = audit.filter((e) => e.action === 'series.created' && e.entityId === res.series.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.summary).toMatch(/46 session/);
    expect(created[0]!.summary).not.toMatch(/Ava|Ben/);
  });

  it('a school-year Mon/Wed/Fri series (2026-09-01..2027-06-30: 130 occurrences) is one request', async () => {
    const { accountId, owner, cleo } = await district();
    const res = await createSeries(owner, series([cleo], { startsOn: '2026-09-01', until: '2027-06-30' }));
    expect(res.created).toBe(130);
    expect(await occurrences(accountId, res.series.id)).toHaveLength(130);
  });

  it('keeps 15:30 across the end of daylight saving on 1 Nov 2026: 19:30Z on Fri 30 Oct, 20:30Z on Mon 2 Nov (New York); 20:30Z and 21:30Z in Chicago', async () => {
    const res = await createSeries(d.owner, series([d.ava], { weekdays: [1, 2, 3, 4, 5], startsOn: '2026-10-26', until: '2026-11-06' }));
    expect(res.created).toBe(10);
    const sessions = await occurrences(d.accountId, res.series.id);
    expect(sessions.map((s) => s.scheduledAt)).toContain('2026-10-30T19:30:00.000Z');
    expect(sessions.map((s) => s.scheduledAt)).toContain('2026-11-02T20:30:00.000Z');
    expect(sessions.every((s) => new Intl.DateTimeFormat('en-GB', { timeZone: NEW_YORK, timeStyle: 'short' }).format(new Date(s.scheduledAt)) === '15:30')).toBe(true);

    // The account's own zone decides.
    const chicago = await district();
    await setTimeZone(chicago.accountId, 'America/Chicago');
    const there = await createSeries(chicago.owner, series([chicago.ava], { weekdays: [5, 1], startsOn: '2026-10-30', until: '2026-11-02' }));
    expect((await occurrences(chicago.accountId, there.series.id)).map((s) => s.scheduledAt)).toEqual(['2026-10-30T20:30:00.000Z', '2026-11-02T21:30:00.000Z']);
  });

  it('refuses a series whose provider cannot see the clients: 400 with the provider message, and nothing is written', async () => {
    const { user: elsewhere } = await signInChild(d.accountId, { ...clinicianPermissions, allowedOrganizationIds: [d.birch] });
    const before = await fingerprint(d.accountId);
    const res = await d.owner.post('/api/session-series', series([d.ava], { providerId: elsewhere.id }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: PROVIDER_MESSAGE, errors: [{ path: 'providerId', message: PROVIDER_MESSAGE }] });
    expect(await fingerprint(d.accountId)).toBe(before);
  });

  it('all or nothing: when the 40th of 46 session writes fails, the 503 leaves no occurrence, no series and the counters as they were', async () => {
    const { accountId, owner, ava } = await district();
    expectStatus(await owner.put('/api/closures', [{ date: '2026-11-11', label: 'Veterans Day' }]), 200);
    const countsBefore = await counters(accountId);
    let transactions = 0;
    const res = await withMiddleware(
      async (command) => {
        if (command === 'TransactWriteItemsCommand' && ++transactions === 40) throw named('ProvisionedThroughputExceededException');
      },
      () => owner.post('/api/session-series', series([ava])),
    );
    expect(transactions).toBeGreaterThanOrEqual(40);
    expect(res.status).toBe(503);
    const sessions = await queryPartition<SessionItem>({ pk: `ACCT#${accountId}`, skPrefix: 'SESSION#', consistent: true });
    expect(sessions).toEqual([]);
    expect(await queryPartition({ pk: `ACCT#${accountId}`, skPrefix: 'SERIES#', consistent: true })).toEqual([]);
    expect(await counters(accountId)).toEqual(countsBefore);
  });

  it('validates: until before startsOn, more than 12 months, no matching school day, a weekday outside Mon–Fri, inactive clients', async () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await d.owner.post('/api/session-series', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await refused(series([d.ava], { startsOn: '2026-09-10', until: '2026-09-09' }), 'End date must be after the start date');
    await refused(series([d.ava], { startsOn: '2026-09-01', until: '2027-09-02' }), 'A series can run at most 12 months');
    await refused(series([d.ava], { weekdays: [1], startsOn: '2026-09-01', until: '2026-09-04' }), 'No school day between these dates falls on the chosen weekdays');
    await refused(series([d.ava], { weekdays: [6] }), 'Choose weekdays Monday to Friday');
    const inactive = await putClient(d.accountId, { firstName: 'Dev', lastInitial: 'S', organizationId: d.alder, status: 'inactive' });
    await refused(series([d.ava, inactive]), 'Only active clients can be scheduled');
    // Exactly twelve months is allowed (one weekday keeps it small: 52 Fridays).
    expect((await createSeries(d.owner, series([d.ava], { weekdays: [5], startsOn: '2026-09-01', until: '2027-09-01' }))).created).toBe(52);
  });
});

describe('changing a series', () => {
  let d: Awaited<ReturnType<typeof district>>;
  beforeAll(async () => {
    d = await district();
  });

  it('edit this and following from 1 Oct (M/W/F 15:30 → Mon/Wed 10:00 until 13 Nov): 11 earlier untouched, the documented Mon 12 Oct kept, 12 deleted, 11 created', async () => {
    const made = await createSeries(d.owner, series([d.ava], { startsOn: '2026-09-07', until: '2026-10-30' }));
    expect(made.created).toBe(24);
    const before = await occurrences(d.accountId, made.series.id);
    const documented = before.find((s) => localDate(s.scheduledAt, NEW_YORK) === '2026-10-12')!;
    expectStatus(await d.owner.post(`/api/sessions/${documented.id}/notes`, { clientId: d.ava.id, notes: '<p>Worked on /r/</p>' }), 200);
    // The first note marks the session and bumps its version, so a change that read it before loses its race.
    const marked = (await getRaw<SessionItem>(keys.session(d.accountId, documented.id)))!;
    expect(marked).toMatchObject({ documented: true, version: documented.version! + 1 });

    const res = expectStatus(
      await d.owner.put(`/api/session-series/${made.series.id}`, series([d.ava], { weekdays: [1, 3], time: '10:00', startsOn: '2026-09-07', until: '2026-11-13', from: '2026-10-01' })),
      200,
    );
    expect(res).toMatchObject({ created: 11, kept: 1, deleted: 12 });
    expect(res.series).toMatchObject({ weekdays: [1, 3], time: '10:00', until: '2026-11-13' });

    const after = await occurrences(d.accountId, made.series.id);
    expect(after).toHaveLength(23);
    const earlier = before.filter((s) => localDate(s.scheduledAt, NEW_YORK) < '2026-10-01');
    expect(after.filter((s) => localDate(s.scheduledAt, NEW_YORK) < '2026-10-01')).toEqual(earlier);
    const following = after.filter((s) => localDate(s.scheduledAt, NEW_YORK) >= '2026-10-01');
    expect(following.find((s) => s.id === documented.id)?.scheduledAt).toBe('2026-10-12T19:30:00.000Z');
    // No second occurrence on the documented date; every new one is a Monday or Wednesday at 10:00 (14:00Z, 15:00Z after 1 Nov).
    expect(datesOf(following).filter((date) => date === '2026-10-12')).toHaveLength(1);
    const fresh = following.filter((s) => s.id !== documented.id);
    expect(datesOf(fresh)).toEqual(['2026-10-05', '2026-10-07', '2026-10-14', '2026-10-19', '2026-10-21', '2026-10-26', '2026-10-28', '2026-11-02', '2026-11-04', '2026-11-09', '2026-11-11']);
    expect(fresh.every((s) => ['14:00', '15:00'].includes(s.scheduledAt.slice(11, 16)))).toBe(true);
    expect(new Set((await seriesItem(d.accountId, made.series.id))!.sessionIds)).toEqual(new Set(after.map((s) => s.id)));
  });

  it('delete from Thu 15 Oct (Tue/Thu 7 Sep..30 Oct: 16): the absent-marked Tue 20 Oct stays, 4 deleted, the series ends 14 Oct; from the start: 11 more deleted, the documented one still stays', async () => {
    const made = await createSeries(d.owner, series([d.ben], { weekdays: [2, 4], startsOn: '2026-09-07', until: '2026-10-30' }));
    expect(made.created).toBe(16);
    const sessions = await occurrences(d.accountId, made.series.id);
    const marked = sessions.find((s) => localDate(s.scheduledAt, NEW_YORK) === '2026-10-20')!;
    expectStatus(await d.owner.patch(`/api/sessions/${marked.id}/participants/${d.ben.id}`, { status: 'absent' }), 200);

    const res = expectStatus(await d.owner.delete(`/api/session-series/${made.series.id}?from=2026-10-15`), 200);
    expect(res).toMatchObject({ created: 0, kept: 1, deleted: 4, series: { until: '2026-10-14' } });
    const left = await occurrences(d.accountId, made.series.id);
    expect(left).toHaveLength(12);
    expect(datesOf(left).filter((date) => date >= '2026-10-15')).toEqual(['2026-10-20']);

    const rest = expectStatus(await d.owner.delete(`/api/session-series/${made.series.id}?from=2026-09-07`), 200);
    expect(rest).toMatchObject({ kept: 1, deleted: 11 });
    expect((await occurrences(d.accountId, made.series.id)).map((s) => s.id)).toEqual([marked.id]);
    expectStatus(await d.owner.get(`/api/session-series/${made.series.id}`), 200);
  });

  it('a delete from the start with nothing documented removes the series too, and reads its occurrences by key (no query of the calendar)', async () => {
    const made = await createSeries(d.owner, series([d.ava], { weekdays: [2], startsOn: '2026-09-07', until: '2026-10-30' }));
    const queries: string[] = [];
    const res = await withMiddleware(
      async (command, input) => {
        if (command === 'QueryCommand') queries.push(String((input as { IndexName?: string }).IndexName ?? 'table'));
      },
      () => d.owner.delete(`/api/session-series/${made.series.id}?from=2026-09-01`),
    );
    expect(expectStatus(res, 200)).toEqual({ created: 0, kept: 0, deleted: 8 });
    // The only queries are each deleted session's own documentation partition (on the table).
    expect(queries.filter((q) => q !== 'table')).toEqual([]);
    expect(await occurrences(d.accountId, made.series.id)).toEqual([]);
    expect(await seriesItem(d.accountId, made.series.id)).toBeUndefined();
    expect((await d.owner.get(`/api/session-series/${made.series.id}`)).status).toBe(404);
    const audit = await queryPartition<{ action: string; entityId: string }>({ pk: keys.auditPartition(d.accountId), consistent: true });
    expect(audit.filter((e) => e.entityId === made.series.id).map((e) => e.action)).toEqual(['series.created', 'series.deleted']);
  });

  it('never deletes a session documented a moment before: a note saved while the delete is being sent makes the delete re-read and keep it', async () => {
    const made = await createSeries(d.owner, series([d.ava], { weekdays: [4], startsOn: '2026-09-07', until: '2026-09-30' }));
    const [target] = await occurrences(d.accountId, made.series.id);
    let armed = true;
    const res = await withMiddleware(
      async (command, input) => {
        // Right before the target's delete is sent: the delete was decided on the version read before this note.
        if (armed && command === 'TransactWriteItemsCommand' && JSON.stringify(input).includes('Delete') && JSON.stringify(input).includes(`SESSION#${target!.id}`)) {
          armed = false;
          expectStatus(await d.owner.post(`/api/sessions/${target!.id}/notes`, { clientId: d.ava.id, notes: '<p>Seen today</p>' }), 200);
        }
      },
      () => d.owner.delete(`/api/session-series/${made.series.id}?from=2026-09-01`),
    );
    expect(armed).toBe(false);
    // Thursdays 10, 17 and 24 Sep: the first is kept, the other two go.
    expect(expectStatus(res, 200)).toMatchObject({ kept: 1, deleted: 2 });
    expect((await occurrences(d.accountId, made.series.id)).map((s) => s.id)).toEqual([target!.id]);
    expect(expectStatus(await d.owner.get(`/api/sessions/${target!.id}/notes`), 200)).toHaveLength(1);
  });

  it('editing one occurrence through PUT /api/sessions/{id} changes only that session', async () => {
    const made = await createSeries(d.owner, series([d.ava], { weekdays: [1], startsOn: '2026-09-07', until: '2026-10-05' }));
    const [first, ...others] = await occurrences(d.accountId, made.series.id);
    const edited = expectStatus(
      await d.owner.put(`/api/sessions/${first!.id}`, { type: 'therapy', clientIds: [d.ava.id, d.ben.id], scheduledAt: '2026-09-08T13:00:00.000Z', duration: 45, status: 'scheduled' }),
      200,
    );
    expect(edited).toMatchObject({ seriesId: made.series.id, scheduledAt: '2026-09-08T13:00:00.000Z', duration: 45 });
    const after = await occurrences(d.accountId, made.series.id);
    expect(after.filter((s) => s.id !== first!.id)).toEqual(others);
    expect(expectStatus(await d.owner.get(`/api/session-series/${made.series.id}`), 200)).toEqual(made.series);
  });
});

describe('who may use series', () => {
  let d: Awaited<ReturnType<typeof district>>;
  let seriesId: string;
  beforeAll(async () => {
    d = await district();
    seriesId = (await createSeries(d.owner, series([d.ava, d.cleo], { weekdays: [3], startsOn: '2026-09-07', until: '2026-09-30' }))).series.id;
  });

  it('answers 403 without canCreateSessions, canEditSessions or canDeleteSessions', async () => {
    const { agent: viewer } = await signInChild(d.accountId, {});
    expect((await viewer.post('/api/session-series', series([d.ava]))).status).toBe(403);
    expect((await viewer.put(`/api/session-series/${seriesId}`, { ...series([d.ava]), from: '2026-09-01' })).status).toBe(403);
    expect((await viewer.delete(`/api/session-series/${seriesId}?from=2026-09-01`)).status).toBe(403);
    expect((await occurrences(d.accountId, seriesId)).length).toBe(4);
  });

  it('answers 404 for another tenant and for a user who cannot see every client of the series', async () => {
    const { agent: stranger } = await signUpOwner();
    const { agent: alderOnly } = await signInChild(d.accountId, { ...clinicianPermissions, allowedOrganizationIds: [d.alder] });
    for (const agent of [stranger, alderOnly]) {
      expect((await agent.get(`/api/session-series/${seriesId}`)).status).toBe(404);
      expect((await agent.put(`/api/session-series/${seriesId}`, { ...series([d.ava]), from: '2026-09-01' })).status).toBe(404);
      expect((await agent.delete(`/api/session-series/${seriesId}?from=2026-09-01`)).status).toBe(404);
    }
    // Another tenant's clients are not there for it to schedule either.
    expect((await stranger.post('/api/session-series', series([d.ava]))).status).toBe(404);
    expect((await occurrences(d.accountId, seriesId)).length).toBe(4);
    const { agent: birchOnly } = await signInChild(d.accountId, { ...clinicianPermissions, allowedOrganizationIds: [d.birch] });
    expect((await birchOnly.get(`/api/session-series/${seriesId}`)).status).toBe(404);
  });
});
