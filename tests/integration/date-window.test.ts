/**
 * Issue 26: every date the API accepts lies in one window (2000-01-01..2100-12-31, one rule in the
 * contract), so no expansion starts from a year the calendar arithmetic misreads. A year-0001
 * series once built ~496,000 occurrences on the request thread and froze the server for 40 s.
 */
import { describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE } from '../../packages/contract/src/common.ts';
import { queryPartition } from '../../packages/core/src/db.ts';
import { signUpOwner } from '../support/accounts.ts';
import { putClient, putOrganization } from '../support/records.ts';

async function district() {
  const { agent: owner, user } = await signUpOwner();
  const accountId = user.accountId as string;
  const school = await putOrganization(accountId, 'Alder Elementary');
  const ava = await putClient(accountId, { firstName: 'Ava', lastInitial: 'M', organizationId: school.id });
  return { owner, accountId, ava };
}

const series = (clientId: string, fields: Record<string, unknown>) => ({
  clientIds: [clientId],
  type: 'therapy',
  weekdays: [1, 3, 5],
  time: '15:30',
  duration: 30,
  ...fields,
});

const messages = (body: { errors?: { path: string; message: string }[] }) => (body.errors ?? []).map((e) => `${e.path}: ${e.message}`);

describe('the date window', () => {
  it('answers a year-0001 series with 400 at once, and the server keeps answering another user meanwhile', async () => {
    const { owner, ava } = await district();
    const other = await signUpOwner();
    const started = Date.now();
    let otherAnsweredAt = 0;
    const [bad, meanwhile] = await Promise.all([
      owner.post('/api/session-series', series(ava.id, { startsOn: '0001-01-01', until: '1901-12-31' })),
      other.agent.get('/api/user').then((r) => ((otherAnsweredAt = Date.now() - started), r)),
    ]);
    const took = Date.now() - started;
    expect(bad.status).toBe(400);
    expect(messages(bad.body)).toEqual(expect.arrayContaining([`startsOn: ${DATE_OUT_OF_RANGE}`, `until: ${DATE_OUT_OF_RANGE}`]));
    expect(took).toBeLessThan(5_000);
    expect(meanwhile.status).toBe(200);
    expect(otherAnsweredAt).toBeLessThan(5_000);
  }, 60_000);

  it('never reads years 0-99 as 1900-1999: a series from 0098-01-05 is refused and creates nothing', async () => {
    const { owner, accountId, ava } = await district();
    const res = await owner.post('/api/session-series', series(ava.id, { startsOn: '0098-01-05', until: '0098-03-05' }));
    expect(res.status).toBe(400);
    expect(messages(res.body)).toContain(`startsOn: ${DATE_OUT_OF_RANGE}`);
    const sessions = await queryPartition({ pk: `ACCT#${accountId}`, skPrefix: 'SESSION#', consistent: true });
    expect(sessions).toEqual([]);
  }, 30_000);

  it('keeps the 12-month limit and accepts a full year inside the window', async () => {
    const { owner, ava } = await district();
    const tooLong = await owner.post('/api/session-series', series(ava.id, { startsOn: '2099-01-04', until: '2100-01-05' }));
    expect(tooLong.status).toBe(400);
    expect(messages(tooLong.body)).toContain('until: A series can run at most 12 months');
    const ok = await owner.post('/api/session-series', series(ava.id, { weekdays: [1], startsOn: '2099-01-05', until: '2100-01-05' }));
    expect(ok.status).toBe(201);
  }, 60_000);

  it('applies to every date field: date-times, query ranges, school years and IEP dates', async () => {
    const { owner, ava } = await district();
    const sessionsList = await owner.get('/api/sessions?from=1899-01-01T00:00:00Z&to=1899-06-01T00:00:00Z');
    expect(sessionsList.status).toBe(400);
    expect(messages(sessionsList.body)).toContain(`from: ${DATE_OUT_OF_RANGE}`);
    const years = await owner.put('/api/school-years', [{ name: 'Far', firstDay: '2101-08-01', lastDay: '2102-06-01', breaks: [] }]);
    expect(years.status).toBe(400);
    const endless = await owner.put('/api/school-years', [
      { name: 'Endless', firstDay: '2000-08-01', lastDay: '2100-06-01', breaks: [{ name: 'Break', start: '2000-08-02', end: '2100-05-01' }] },
    ]);
    expect(endless.status).toBe(400);
    expect(messages(endless.body).join()).toContain('A school year can last at most 12 months');
    const iep = await owner.post(`/api/clients/${ava.id}/ieps`, { startDate: '0050-01-01', endDate: '2026-06-01', serviceMinutes: 60, servicePer: 'week', serviceType: 'individual' });
    expect(iep.status).toBe(400);
    expect(messages(iep.body).join()).toContain(DATE_OUT_OF_RANGE);
  }, 30_000);
});
