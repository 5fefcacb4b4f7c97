/**
 * The migration's report of part 4 §1.6: progress recorded before the rule for a student marked
 * absent or canceled stays in the table but is left out of every figure, and the migration lists
 * each such row once (ids only, never a name), in its log and in its marker item. Over DynamoDB
 * Local, on records written as the earlier versions wrote them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { reportUnattendedData, UNATTENDED_DATA_REPORT } from '../../packages/core/src/goals/report-unattended-data.ts';
import type { SessionItem } from '../../packages/core/src/items.ts';
import { keys, operatorKeys } from '../../packages/core/src/keys.ts';
import { signUpOwner } from '../support/accounts.ts';
import { getRaw } from '../support/fixtures-sessions.ts';
import { putClient, putGoal, putProgress, putSession } from '../support/records.ts';

let accountId: string;
let absent: SessionItem;
let canceled: SessionItem;
let present: SessionItem;
let goalId: string;
let clientId: string;

beforeAll(async () => {
  accountId = (await signUpOwner()).user.accountId;
  const ava = await putClient(accountId, { firstName: 'Avaleigh', lastInitial: 'Q' });
  const goal = await putGoal(accountId, ava);
  clientId = ava.id;
  goalId = goal.id;
  absent = await putSession(accountId, { scheduledAt: '2026-10-05T14:00:00.000Z', participants: { [ava.id]: 'absent' } });
  canceled = await putSession(accountId, { scheduledAt: '2026-10-12T14:00:00.000Z', participants: { [ava.id]: 'canceled' } });
  present = await putSession(accountId, { scheduledAt: '2026-10-19T14:00:00.000Z', participants: { [ava.id]: 'present' } });
  await putProgress(accountId, absent, goal, 9, 10);
  await putProgress(accountId, canceled, goal, 4, 10);
  await putProgress(accountId, present, goal, 7, 10);
  // Another district with only attended data lists nothing.
  const other = (await signUpOwner()).user.accountId;
  const ben = await putClient(other, { firstName: 'Ben' });
  await putProgress(other, await putSession(other, { scheduledAt: '2026-10-05T14:00:00.000Z', participants: { [ben.id]: 'present' } }), await putGoal(other, ben), 5, 10);
});

describe("the migration's report of data recorded for a student who was not there", () => {
  let lines: string[];

  it('lists the absent and the canceled rows once each, by ids and never by name, and leaves the attended one out', async () => {
    lines = [];
    expect(await reportUnattendedData((line) => lines.push(line), { ranBy: 'npm start' })).toBe(2);
    const rows = lines.filter((line) => line.startsWith('Left out of figures'));
    expect(rows).toEqual([
      `Left out of figures (student not present): account ${accountId}, session ${absent.id}, student ${clientId}, goal ${goalId}, recorded ${absent.scheduledAt}, 10 trial(s)`,
      `Left out of figures (student not present): account ${accountId}, session ${canceled.id}, student ${clientId}, goal ${goalId}, recorded ${canceled.scheduledAt}, 10 trial(s)`,
    ]);
    expect(lines.join('\n')).not.toContain(present.id);
    expect(lines.join('\n')).not.toContain('Avaleigh');
    expect(lines.at(-1)).toBe('2 progress row(s) recorded for students not present are left out of every figure (listed above)');
  });

  it('keeps the list in its marker, deletes nothing, and lists nothing again on the next run', async () => {
    const marker = (await getRaw(operatorKeys.migration(UNATTENDED_DATA_REPORT)))!;
    expect(marker.report).toEqual(lines.slice(0, 2));
    expect(marker.updated).toBe(2);
    expect(await getRaw(keys.progress(accountId, absent.id, goalId))).toMatchObject({ successfulAttempts: 9, totalAttempts: 10 });

    const again: string[] = [];
    expect(await reportUnattendedData((line) => again.push(line))).toBe(0);
    expect(again).toEqual([]);
  });
});
