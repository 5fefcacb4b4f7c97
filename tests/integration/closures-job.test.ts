import { GetCommand, type TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler as worker } from '../../functions/notes/bulk-generation-worker.ts';
import { CLOSED_DAYS_SYNC_LIMIT } from '../../packages/contract/src/school-year.ts';
import { testClock } from '../../packages/core/src/clock.ts';
import { db, queryPartition } from '../../packages/core/src/db.ts';
import type { ClientItem, SessionItem } from '../../packages/core/src/items.ts';
import { setJobDispatcher, whenJobsIdle, type JobKind } from '../../packages/core/src/jobs/dispatch.ts';
import { keys } from '../../packages/core/src/keys.ts';
import { localDate } from '../../packages/core/src/school-calendar/dates.ts';
import { tableName } from '../../packages/core/src/table.ts';
import { signUpOwner } from '../support/accounts.ts';
import { clinicianPermissions, expectStatus } from '../support/fixtures-sessions.ts';
import { putClient, putOrganization, signInChild } from '../support/records.ts';

/**
 * Part 4 §1.5: a closed-days save with more than CLOSED_DAYS_SYNC_LIMIT undocumented occurrences
 * on its new days answers at once with a background job, which cancels them day by day; a failed
 * job leaves its days pending and the next save finishes them. Jobs run in this process here (no
 * BULK_QUEUE_URL), as under `npm start`; the queue worker runs the same runner.
 */
const NEW_YORK = 'America/New_York';
const YEAR = { name: '2027', firstDay: '2027-01-04', lastDay: '2027-12-17', breaks: [] as { name: string; start: string; end: string }[] };
/** 26 weeks of Monday–Friday: 130 school days, so two daily series put 260 occurrences in it. */
const LONG_BREAK = { name: 'Long break', start: '2027-02-01', end: '2027-07-30' };
const IN_BREAK = 2 * 130;

async function district() {
  const { agent: owner, user } = await signUpOwner();
  const accountId = user.accountId as string;
  const org = await putOrganization(accountId, 'Alder Elementary');
  const [ava, ben] = await Promise.all([
    putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: org.id }),
    putClient(accountId, { firstName: 'Ben', lastInitial: 'K', organizationId: org.id }),
  ]);
  // Two series every weekday of the year, before the break exists.
  const series = async (clients: ClientItem[], time: string) =>
    expectStatus(await owner.post('/api/session-series', { clientIds: clients.map((c) => c.id), weekdays: [1, 2, 3, 4, 5], time, startsOn: YEAR.firstDay, until: YEAR.lastDay }), 201) as { series: { id: string } };
  const made = [await series([ava], '09:00'), await series([ben], '13:30')];
  return { owner, accountId, seriesIds: made.map((m) => m.series.id) };
}

async function seriesSessions(accountId: string, seriesIds: string[]): Promise<SessionItem[]> {
  const items = await queryPartition<SessionItem>({ pk: `ACCT#${accountId}`, skPrefix: 'SESSION#', consistent: true });
  return items.filter((s) => s.seriesId && seriesIds.includes(s.seriesId));
}

const inBreak = (s: SessionItem) => {
  const date = localDate(s.scheduledAt, NEW_YORK);
  return LONG_BREAK.start <= date && date <= LONG_BREAK.end;
};

async function pendingDates(accountId: string) {
  const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.schoolYears(accountId), ConsistentRead: true }));
  return stored.Item?.pendingDates as Set<string> | undefined;
}

const withBreak = [{ ...YEAR, breaks: [LONG_BREAK] }];

afterEach(async () => {
  await whenJobsIdle();
  setJobDispatcher(undefined);
  testClock.reset();
});

describe('cancelling on closed days in the background', () => {
  it(`more than ${CLOSED_DAYS_SYNC_LIMIT} sessions: the save answers with a running job, the job cancels every session on the closed days and reaches 100`, async () => {
    const { owner, accountId, seriesIds } = await district();
    const before = await seriesSessions(accountId, seriesIds);
    expect(before.filter(inBreak)).toHaveLength(IN_BREAK);
    expect(IN_BREAK).toBeGreaterThan(CLOSED_DAYS_SYNC_LIMIT);

    const saved = expectStatus(await owner.put('/api/school-years', withBreak), 200);
    expect(saved).toMatchObject({ schoolYears: withBreak, canceledSessions: 0, job: { id: expect.any(String), status: 'running', progress: 0, canceledSessions: 0 } });
    await whenJobsIdle();

    const job = expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200);
    expect(job).toEqual({ id: saved.job.id, status: 'done', progress: 100, canceledSessions: IN_BREAK });
    const after = await seriesSessions(accountId, seriesIds);
    const closed = after.filter(inBreak);
    expect(closed).toHaveLength(IN_BREAK);
    for (const s of closed) {
      expect([s.status, s.cancelReason]).toEqual(['canceled', 'school_closure']);
      expect(Object.values(s.participants).map((p) => [p.status, p.cancelReason])).toEqual([['canceled', 'school_closure']]);
    }
    expect(after.filter((s) => !inBreak(s)).every((s) => s.status === 'scheduled')).toBe(true);
    expect(await pendingDates(accountId)).toBeUndefined();

    // Saving the same years again has nothing left to do: synchronous, nothing canceled.
    expect(expectStatus(await owner.put('/api/school-years', withBreak), 200)).toEqual({ schoolYears: withBreak, canceledSessions: 0 });
    const audit = await queryPartition<{ action: string; summary: string }>({ pk: keys.auditPartition(accountId), consistent: true });
    expect(audit.some((e) => e.action === 'school_years.updated' && /canceled in the background/.test(e.summary))).toBe(true);

    // The job is the account's: another account gets 404, a user without canManageUsers 403.
    const { agent: stranger } = await signUpOwner();
    expect((await stranger.get(`/api/closure-jobs/${saved.job.id}`)).status).toBe(404);
    const { agent: clinician } = await signInChild(accountId, clinicianPermissions);
    expect((await clinician.get(`/api/closure-jobs/${saved.job.id}`)).status).toBe(403);
    expect((await owner.get(`/api/closure-jobs/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('a job that fails half-way reads failed, leaves its days pending, and the next save of the same list finishes the work', async () => {
    const { owner, accountId, seriesIds } = await district();
    // The 130th session write fails as a throttled write would, inside the background job.
    const client = db();
    const original = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    let sessionWrites = 0;
    const send = vi.spyOn(client, 'send').mockImplementation(((command: TransactWriteCommand) => {
      const writesSession = command.input?.TransactItems?.some((t) => String(t.Update?.Key?.SK ?? t.Put?.Item?.SK ?? '').startsWith('SESSION#'));
      if (writesSession && ++sessionWrites === IN_BREAK / 2) {
        return Promise.reject(Object.assign(new Error('Rate of requests exceeds the allowed throughput'), { name: 'ThrottlingException' }));
      }
      return original(command);
    }) as never);
    let saved;
    try {
      saved = expectStatus(await owner.put('/api/school-years', withBreak), 200);
      expect(saved.job).toMatchObject({ status: 'running', progress: 0 });
      await whenJobsIdle();
    } finally {
      send.mockRestore();
    }

    const failed = expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200);
    expect(failed.status).toBe('failed');
    expect(failed.progress).toBeGreaterThan(0);
    expect(failed.progress).toBeLessThan(100);
    const canceledByJob = (await seriesSessions(accountId, seriesIds)).filter((s) => s.status === 'canceled');
    expect(canceledByJob.length).toBeGreaterThan(0);
    expect(canceledByJob.length).toBeLessThan(IN_BREAK);
    expect((await pendingDates(accountId))?.size).toBeGreaterThan(0);

    // The same save again: what is left (fewer than the limit here) is cancelled before it answers.
    const again = expectStatus(await owner.put('/api/school-years', withBreak), 200);
    expect(again.job).toBeUndefined();
    expect(again.canceledSessions).toBe(IN_BREAK - canceledByJob.length);
    const after = await seriesSessions(accountId, seriesIds);
    expect(after.filter(inBreak).every((s) => s.status === 'canceled' && s.cancelReason === 'school_closure')).toBe(true);
    expect(after.filter((s) => !inBreak(s)).every((s) => s.status === 'scheduled')).toBe(true);
    expect(await pendingDates(accountId)).toBeUndefined();
    // The failed job stays failed: the page tells the user the save finished the work.
    expect(expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200).status).toBe('failed');
  });

  it('in the cloud the job goes to the queue with its kind; the worker runs it, and a redelivery changes nothing', async () => {
    const queued: { accountId: string; jobId: string; kind: JobKind }[] = [];
    setJobDispatcher({ dispatch: async (accountId, jobId, kind) => void queued.push({ accountId, jobId, kind }) });
    const { owner, accountId, seriesIds } = await district();
    const saved = expectStatus(await owner.put('/api/school-years', withBreak), 200);
    expect(queued).toEqual([{ accountId, jobId: saved.job.id, kind: 'closedDays' }]);
    expect(expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200)).toMatchObject({ status: 'running', progress: 0 });

    const event = (receiveCount: number) =>
      ({ Records: [{ messageId: crypto.randomUUID(), body: JSON.stringify(queued[0]), attributes: { ApproximateReceiveCount: String(receiveCount) } }] }) as unknown as SQSEvent;
    expect(await worker(event(1))).toEqual({ batchItemFailures: [] });
    const done = expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200);
    expect(done).toMatchObject({ status: 'done', progress: 100, canceledSessions: IN_BREAK });
    expect(await worker(event(2))).toEqual({ batchItemFailures: [] });
    expect(expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200)).toEqual(done);
    expect((await seriesSessions(accountId, seriesIds)).filter((s) => s.status === 'canceled')).toHaveLength(IN_BREAK);
  });

  it('a job that never runs (a lost worker) reads failed after 10 minutes without progress; saving again finishes the work', async () => {
    setJobDispatcher({ dispatch: async () => undefined });
    const { owner, accountId, seriesIds } = await district();
    const saved = expectStatus(await owner.put('/api/school-years', withBreak), 200);
    testClock.advance(9 * 60_000);
    expect(expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200).status).toBe('running');
    testClock.advance(2 * 60_000);
    expect(expectStatus(await owner.get(`/api/closure-jobs/${saved.job.id}`), 200).status).toBe('failed');

    setJobDispatcher(undefined);
    const again = expectStatus(await owner.put('/api/school-years', withBreak), 200);
    expect(again.job).toMatchObject({ status: 'running' });
    await whenJobsIdle();
    expect(expectStatus(await owner.get(`/api/closure-jobs/${again.job.id}`), 200)).toMatchObject({ status: 'done', progress: 100, canceledSessions: IN_BREAK });
    expect((await seriesSessions(accountId, seriesIds)).filter((s) => s.status === 'canceled')).toHaveLength(IN_BREAK);
  });
});
