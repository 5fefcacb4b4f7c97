import { describe, expect, it } from 'vitest';
import { plainText } from '../plain-text.ts';
import { sanitizeRichText } from '../rich-text.ts';
import type { GoalItem, ProgressItem, SessionItem } from '../items.ts';
import { computeFacts } from './facts.ts';
import { ungroundedNumbers } from './grounding.ts';
import { composeNote, NO_DATA_SENTENCE } from './local-generator.ts';

const stamp = '2024-01-01T00:00:00.000Z';
const goal = (id: string, name: string, fields: Partial<GoalItem> = {}): GoalItem => ({
  id, accountId: 'a', clientId: 'c1', name, goalType: 'articulation', description: '<p>d</p>', targetCriteria: '80% accuracy',
  status: 'active', createdAt: stamp, updatedAt: stamp, ...fields,
});
const row = (goalId: string, sessionId: string, day: string, ok: number, total: number): ProgressItem => ({
  id: `${sessionId}:${goalId}`, accountId: 'a', sessionId, goalId, clientId: 'c1', successfulAttempts: ok, totalAttempts: total,
  recordedAt: `2024-03-${day}T09:00:00.000Z`, updatedAt: stamp,
});
const session = (id: string, day: string): SessionItem => ({
  id, accountId: 'a', sessionType: 'therapy', status: 'completed', scheduledAt: `2024-03-${day}T09:00:00.000Z`, duration: 30,
  participants: { c1: { status: 'present', firstName: 'Ava', lastInitial: 'M', addedAt: stamp } }, createdAt: stamp, updatedAt: stamp,
});

describe('the local composer on a known data set', () => {
  const facts = computeFacts({
    client: { id: 'c1', firstName: 'Ava', lastInitial: 'M' },
    period: { start: '2024-03-01', end: '2024-03-31' },
    goals: [
      goal('g1', 'Produce /r/ in words', { createdAt: '2024-01-01T00:00:00.000Z' }),
      goal('g2', 'Answer wh- questions <b>&</b> more', { createdAt: '2024-01-02T00:00:00.000Z', goalType: 'receptive_language', targetCriteria: '4 of 5 trials' }),
      goal('g3', 'Use easy onset', { createdAt: '2024-01-03T00:00:00.000Z', goalType: 'fluency' }),
    ],
    progress: [row('g1', 's1', '04', 6, 10), row('g1', 's2', '11', 7, 10), row('g1', 's3', '18', 9, 10), row('g2', 's1', '04', 9, 12), row('g2', 's2', '11', 7, 12)],
    sessions: [session('s1', '04'), session('s2', '11'), session('s3', '18')],
  });
  const html = composeNote(facts);
  const text = plainText(html);

  it('states each goal\'s real accuracy figures', () => {
    expect(text).toContain('Accuracy by session, in order: 60%, 70%, 90%');
    expect(text).toContain('from 60% in the first session to 90% in the most recent session (up 30 percentage points)');
    expect(text).toContain('overall accuracy of 73% across all trials');
    expect(text).toContain('Accuracy by session, in order: 75%, 58%');
    expect(text).toContain('overall accuracy of 67%');
    expect(text).toContain('The trend is declining');
  });

  it('says whether progress is sufficient, recommends, and never invents progress without data', () => {
    expect(text).toContain('Progress is sufficient to meet this goal: the most recent accuracy of 90% meets the 80% target.');
    expect(text).toContain('Progress is not yet sufficient to meet this goal: the most recent accuracy of 58% is below the 80% target and the trend is declining.');
    expect(text).toContain(NO_DATA_SENTENCE);
    expect(text.match(/Recommendation:/g)).toHaveLength(3);
  });

  it('has the header, attendance, and escapes names; it is grounded and survives the sanitizer', () => {
    expect(text).toContain('Progress Note: Ava M.');
    expect(text).toContain('Reporting period: March 1, 2024 to March 31, 2024');
    expect(text).toContain('Ava M. was scheduled for 3 sessions during the reporting period: attended 3, absent 0, canceled 0.');
    expect(text).toContain('90 minutes');
    expect(html).toContain('Answer wh- questions &lt;b&gt;&amp;&lt;/b&gt; more');
    expect(ungroundedNumbers(html, facts)).toEqual([]);
    expect(sanitizeRichText(html)).toBe(html);
  });
});
