import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressPoint } from '@caseload/contract/sessions';
import { mockFetch } from '../../../test/fetch.ts';
import { changeTrials, resetTrialsForTests, trialsKey, trialsQueue, trialsStateOf, useRememberedTrials, type TrialsState } from './trials.ts';

const at = '2026-03-09T14:00:00.000Z';
const target = { sessionId: 's1', clientId: 'c1', goalId: 'g1' };
const row = (over: Partial<ProgressPoint>): ProgressPoint => ({ id: 'p', goalId: 'g1', clientId: 'c1', sessionId: 's1', successfulAttempts: 0, totalAttempts: 0, recordedAt: at, ...over });

// The queue sends what it holds: here nothing answers, so the entries stay to be read.
beforeEach(() => {
  mockFetch(() => new Promise<Response>(() => {}));
});
afterEach(() => resetTrialsForTests());

describe('the trials a goal shows', () => {
  const tapped: TrialsState = { trials: [{ correct: true, cue: 'model' }], clientUpdatedAt: '2026-03-09T14:05:00.000Z' };

  it('is the newer of the state known on the device and the stored row', () => {
    const older = row({ trials: [], clientUpdatedAt: '2026-03-09T14:04:59.999Z' });
    const newer = row({ trials: [{ correct: false, cue: 'physical' }], clientUpdatedAt: '2026-03-09T14:05:00.001Z' });
    expect(trialsStateOf(tapped, older)).toBe(tapped);
    expect(trialsStateOf(tapped, newer)).toEqual({ trials: newer.trials, clientUpdatedAt: newer.clientUpdatedAt });
  });

  it('puts a scored state before a row saved with counts only, and shows no trials for such a row alone', () => {
    const counts = row({ successfulAttempts: 7, totalAttempts: 10 });
    expect(trialsStateOf(tapped, counts)).toBe(tapped);
    expect(trialsStateOf(undefined, counts)).toEqual({ trials: [], clientUpdatedAt: undefined });
    expect(trialsStateOf(undefined, undefined)).toEqual({ trials: [], clientUpdatedAt: undefined });
  });
});

describe('a tap', () => {
  const queued = () => trialsQueue().getSnapshot().entries.map((entry) => entry.payload.body);

  it("is dated after the state it changes, even when the stored row came from a device whose clock is ahead", async () => {
    const ahead = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    changeTrials('u1', target, row({ trials: [{ correct: true, cue: 'independent' }], clientUpdatedAt: ahead }), (trials) => [...trials, { correct: false, cue: 'verbal' }]);
    await vi.waitFor(() => expect(queued()).toHaveLength(1));
    const [body] = queued();
    expect(body!.trials).toEqual([
      { correct: true, cue: 'independent' },
      { correct: false, cue: 'verbal' },
    ]);
    expect(body!.clientUpdatedAt > ahead).toBe(true);
  });

  it('that changes nothing (undo of no trials) queues nothing', async () => {
    changeTrials('u1', target, undefined, () => null);
    changeTrials('u1', target, undefined, (trials) => [...trials, { correct: true, cue: 'independent' }]);
    await vi.waitFor(() => expect(queued()).toHaveLength(1));
    expect(queued()[0]!.trials).toEqual([{ correct: true, cue: 'independent' }]);
  });
});

describe('on a shared device', () => {
  it("forgets a user's trials when they sign out and shows another user none of their unsent ones", async () => {
    const { result } = renderHook(() => useRememberedTrials(trialsKey('s1', 'c1', 'g1')));
    act(() => changeTrials('u1', target, undefined, () => [{ correct: true, cue: 'independent' }]));
    expect(result.current?.trials).toEqual([{ correct: true, cue: 'independent' }]);
    await vi.waitFor(() => expect(trialsQueue().getSnapshot().entries).toHaveLength(1));

    act(() => trialsQueue().stop());
    expect(result.current).toBeUndefined();
    act(() => trialsQueue().start('u2'));
    expect(result.current).toBeUndefined();

    // Their own entry, still unsent on the device, shows again when they sign in.
    act(() => trialsQueue().stop());
    act(() => trialsQueue().start('u1'));
    expect(result.current?.trials).toEqual([{ correct: true, cue: 'independent' }]);
  });
});
