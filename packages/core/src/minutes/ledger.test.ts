import { describe, expect, it } from 'vitest';
import { cancelReasons, type CancelReason, type ParticipantStatus, type SessionStatus } from '@caseload/contract/enums';
import type { TxItem } from '../db.ts';
import type { SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { instantAt } from '../school-calendar/dates.ts';
import { changesLedger, sessionLedgerChanges } from './ledger.ts';

const ACCOUNT = 'acct1';
const TZ = 'America/New_York';

function session(status: SessionStatus, participants: Record<string, ParticipantStatus>, fields: Partial<SessionItem> = {}): SessionItem {
  return {
    id: 's1',
    accountId: ACCOUNT,
    sessionType: 'therapy',
    status,
    // 10:00 in New York on Wednesday 16 September 2026.
    scheduledAt: '2026-09-16T14:00:00.000Z',
    duration: 30,
    participants: Object.fromEntries(
      Object.entries(participants).map(([id, s]) => [id, { status: s, firstName: 'A', lastInitial: 'B', addedAt: '2026-09-01T00:00:00.000Z' }]),
    ),
    createdAt: '2026-09-01T00:00:00.000Z',
    updatedAt: '2026-09-01T00:00:00.000Z',
    ...fields,
  };
}

/** Attended items as `put client|date minutes type×groupSize` / `delete client|date`, make-up writes as `update|delete client`. */
function summarize(items: TxItem[]) {
  const attended: string[] = [];
  const makeups: string[] = [];
  for (const item of items) {
    const key = ('Put' in item ? item.Put.Item : 'Delete' in item ? item.Delete.Key : 'Update' in item ? item.Update.Key : undefined) ?? {};
    const sk = String(key.SK);
    const client = String(key.PK).split('#')[3];
    if (sk.startsWith('DAY#')) {
      const date = sk.slice(4, 14);
      if ('Put' in item) attended.push(`put ${client}|${date} ${String(key.minutes)} ${String(key.sessionType)}×${String(key.groupSize)}`);
      else attended.push(`delete ${client}|${date}`);
    } else if ('Update' in item) {
      const v = item.Update.ExpressionAttributeValues!;
      makeups.push(`update ${String(v[':client'])} ${String(v[':date'])} ${String(v[':duration'])}`);
    } else if ('Delete' in item) {
      makeups.push(`delete ${client}`);
    }
  }
  return { attended: attended.sort(), makeups: makeups.sort() };
}

const changes = (before: SessionItem | undefined, after: SessionItem | undefined) => summarize(sessionLedgerChanges(ACCOUNT, TZ, before, after));

describe('sessionLedgerChanges', () => {
  it('completing a therapy session with the client present records it as attended on that school day', () => {
    const items = sessionLedgerChanges(ACCOUNT, TZ, session('scheduled', { c1: 'present' }), session('completed', { c1: 'present' }));
    expect(items).toEqual([
      {
        Put: {
          Item: {
            ...keys.attended(ACCOUNT, 'c1', '2026-09-16', 's1'),
            type: 'AttendedSession',
            accountId: ACCOUNT,
            clientId: 'c1',
            sessionId: 's1',
            date: '2026-09-16',
            minutes: 30,
            sessionType: 'therapy',
            groupSize: 1,
          },
        },
      },
    ]);
  });

  it('reverting a completed session to scheduled deletes it from the ledger', () => {
    expect(changes(session('completed', { c1: 'present' }), session('scheduled', { c1: 'present' }))).toEqual({ attended: ['delete c1|2026-09-16'], makeups: [] });
  });

  it('a present student of a session not completed attended nothing', () => {
    expect(changes(undefined, session('scheduled', { c1: 'present' }))).toEqual({ attended: [], makeups: [] });
    expect(changes(session('scheduled', { c1: 'scheduled' }), session('canceled', { c1: 'present' }))).toEqual({ attended: [], makeups: [] });
  });

  it('changing a completed session from 30 to 45 minutes, or its type, rewrites the one item', () => {
    const items = sessionLedgerChanges(ACCOUNT, TZ, session('completed', { c1: 'present' }), session('completed', { c1: 'present' }, { duration: 45 }));
    expect(items).toHaveLength(1);
    expect(summarize(items)).toEqual({ attended: ['put c1|2026-09-16 45 therapy×1'], makeups: [] });
    expect(changes(session('completed', { c1: 'present' }), session('completed', { c1: 'present' }, { sessionType: 'meeting' })).attended).toEqual(['put c1|2026-09-16 30 meeting×1']);
  });

  it('an edit that changes nothing the ledger keeps writes nothing (and needs no time zone)', () => {
    const before = session('completed', { c1: 'present' });
    const after = { ...before, notes: 'edited', updatedAt: '2026-09-17T00:00:00.000Z' };
    expect(sessionLedgerChanges(ACCOUNT, TZ, before, after)).toEqual([]);
    expect(changesLedger(before, after)).toBe(false);
    expect(changesLedger(session('scheduled', { c1: 'present' }), session('scheduled', { c1: 'present' }, { duration: 45 }))).toBe(false);
    expect(changesLedger(session('scheduled', { c1: 'present' }), session('completed', { c1: 'present' }))).toBe(true);
    expect(changesLedger(session('scheduled', { c1: 'scheduled' }), session('scheduled', { c1: 'canceled' }))).toBe(true);
    expect(changesLedger(session('completed', { c1: 'present' }), session('completed', { c1: 'present' }, { sessionType: 'evaluation' }))).toBe(true);
  });

  it('rescheduling a completed session from Wednesday to Thursday moves its item: delete Wednesday, put Thursday', () => {
    const before = session('completed', { c1: 'present' });
    const after = session('completed', { c1: 'present' }, { scheduledAt: '2026-09-17T14:00:00.000Z' });
    expect(changes(before, after)).toEqual({ attended: ['delete c1|2026-09-16', 'put c1|2026-09-17 30 therapy×1'], makeups: [] });
  });

  it('a session at 23:30 in New York on the day of a daylight-saving change counts on that local date, not the UTC one', () => {
    for (const date of ['2026-03-08', '2026-11-01']) {
      const scheduledAt = instantAt(date, '23:30', TZ);
      expect(scheduledAt.slice(0, 10)).not.toBe(date);
      expect(changes(undefined, session('completed', { c1: 'present' }, { scheduledAt })).attended).toEqual([`put c1|${date} 30 therapy×1`]);
    }
  });

  it('a group of five: the two present attended a group of 2, absent nothing, canceled owes a make-up, scheduled nothing', () => {
    const group = { p1: 'present', p2: 'present', a: 'absent', x: 'canceled', s: 'scheduled' } as const;
    expect(changes(session('scheduled', { p1: 'scheduled', p2: 'scheduled', a: 'scheduled', x: 'scheduled', s: 'scheduled' }), session('completed', group))).toEqual({
      attended: ['put p1|2026-09-16 30 therapy×2', 'put p2|2026-09-16 30 therapy×2'],
      makeups: ['update x 2026-09-16 30'],
    });
  });

  it('one of two present students marked absent: the other now attended individual service', () => {
    expect(changes(session('completed', { p1: 'present', p2: 'present' }), session('completed', { p1: 'present', p2: 'absent' })).attended).toEqual([
      'delete p2|2026-09-16',
      'put p1|2026-09-16 30 therapy×1',
    ]);
  });

  it('a make-up item is kept as it is while its canceled participation does not move, and follows it when it does', () => {
    const canceled = session('scheduled', { x: 'canceled' });
    expect(changes(canceled, { ...canceled, notes: 'n' })).toEqual({ attended: [], makeups: [] });
    expect(changes(canceled, session('scheduled', { x: 'canceled' }, { duration: 45 })).makeups).toEqual(['update x 2026-09-16 45']);
    expect(changes(canceled, session('scheduled', { x: 'canceled' }, { scheduledAt: '2026-09-18T14:00:00.000Z' })).makeups).toEqual(['update x 2026-09-18 30']);
  });

  it('a canceled participation that is no longer canceled, removed, or whose session is deleted owes nothing', () => {
    const canceled = session('completed', { x: 'canceled', p: 'present' });
    expect(changes(canceled, session('completed', { x: 'present', p: 'present' }))).toEqual({ attended: ['put p|2026-09-16 30 therapy×2', 'put x|2026-09-16 30 therapy×2'], makeups: ['delete x'] });
    expect(changes(canceled, session('completed', { p: 'present' })).makeups).toEqual(['delete x']);
    // Deleting the session takes away both what it recorded as attended and its owed make-up.
    const deleted = sessionLedgerChanges(ACCOUNT, TZ, canceled, undefined);
    expect(summarize(deleted)).toEqual({ attended: ['delete p|2026-09-16'], makeups: ['delete x'] });
    expect(deleted.find((i) => 'Delete' in i && String(i.Delete.Key!.SK).startsWith('MAKEUP#'))).toEqual({ Delete: { Key: keys.makeup(ACCOUNT, 'x', 's1') } });
  });

  /** The session with participation `x` canceled for `reason`. */
  const canceledFor = (reason: CancelReason, status: SessionStatus = 'scheduled') => {
    const s = session(status, { x: 'canceled' });
    s.participants.x!.cancelReason = reason;
    return s;
  };

  it('part 4 §1.3: a canceled participation owes a make-up only for provider_unavailable or student_unavailable', () => {
    const owed = cancelReasons.filter((reason) => changes(undefined, canceledFor(reason)).makeups.length > 0);
    expect(owed).toEqual(['provider_unavailable', 'student_unavailable']);
    // A new reason moves the debt: to a closure it goes, back to the provider it returns.
    expect(changes(canceledFor('provider_unavailable'), canceledFor('school_closure')).makeups).toEqual(['delete x']);
    expect(changes(canceledFor('school_closure'), canceledFor('student_unavailable')).makeups).toEqual(['update x 2026-09-16 30']);
  });

  it('a no_show session counts as the student absent: even a participation canceled for the provider owes nothing in it', () => {
    expect(changes(canceledFor('provider_unavailable'), canceledFor('provider_unavailable', 'no_show')).makeups).toEqual(['delete x']);
  });

  it('the make-up item is an Update so the settlement of a scheduled make-up survives', () => {
    const [item] = sessionLedgerChanges(ACCOUNT, TZ, undefined, session('scheduled', { x: 'canceled' }));
    expect(item && 'Update' in item && item.Update.UpdateExpression).not.toMatch(/settledBy|REMOVE/);
    expect(item && 'Update' in item && item.Update.Key).toEqual(keys.makeup(ACCOUNT, 'x', 's1'));
  });
});
