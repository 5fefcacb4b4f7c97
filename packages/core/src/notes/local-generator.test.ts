import type { CueLevel } from '@caseload/contract/trials';
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
/** A row scored trial by trial: [correct, trials] per cue level, with the fields the trials save derives. */
const scored = (goalId: string, sessionId: string, day: string, byCue: Partial<Record<CueLevel, [number, number]>>): ProgressItem => {
  const levels = Object.entries(byCue) as [CueLevel, [number, number]][];
  const trials = levels.flatMap(([cue, [ok, n]]) => Array.from({ length: n }, (_, i) => ({ cue, correct: i < ok })));
  return {
    ...row(goalId, sessionId, day, trials.filter((t) => t.correct).length, trials.length),
    trials,
    independentCorrect: byCue.independent?.[0] ?? 0,
    cueCounts: Object.fromEntries(levels.map(([cue, [, n]]) => [cue, n])),
    correctByCue: Object.fromEntries(levels.filter(([, [ok]]) => ok > 0).map(([cue, [ok]]) => [cue, ok])),
  };
};
const session = (id: string, day: string): SessionItem => ({
  id, accountId: 'a', sessionType: 'therapy', status: 'completed', scheduledAt: `2024-03-${day}T09:00:00.000Z`, duration: 30,
  participants: { c1: { status: 'present', firstName: 'Ava', lastInitial: 'M', addedAt: stamp } }, createdAt: stamp, updatedAt: stamp,
});

describe('the local composer on a known data set', () => {
  const facts = computeFacts({
    client: { id: 'c1', firstName: 'Ava', lastInitial: 'M' },
    period: { start: '2024-03-01', end: '2024-03-31' },
    timeZone: 'UTC',
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

describe('the local composer on trials scored with cue levels', () => {
  const goals = [
    ['one', 'One cue level'],
    ['several', 'Several cue levels'],
    ['alone', 'All independent'],
    ['cuedOne', 'None independent, one level'],
    ['cuedMany', 'None independent, several levels'],
    ['none', 'Nothing correct'],
    ['mixed', 'Mixed period'],
    ['counts', 'Counts only'],
    ['mixedOne', 'One session of counts'],
    ['falling', 'Declining with cues'],
  ].map(([id, name], i) => goal(id!, name!, { createdAt: `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` }));
  const facts = computeFacts({
    client: { id: 'c1', firstName: 'Ava', lastInitial: 'M' },
    period: { start: '2024-03-01', end: '2024-03-31' },
    timeZone: 'UTC',
    goals,
    progress: [
      scored('one', 's1', '04', { independent: [3, 4], verbal: [1, 1] }),
      scored('one', 's2', '11', { independent: [3, 3], verbal: [1, 2] }),
      scored('several', 's1', '04', { independent: [6, 7], verbal: [2, 3] }),
      scored('several', 's2', '11', { independent: [6, 6], verbal: [1, 2], model: [1, 2] }),
      scored('alone', 's1', '04', { independent: [8, 10] }),
      scored('cuedOne', 's1', '04', { independent: [0, 2], verbal: [4, 8] }),
      scored('cuedMany', 's1', '04', { physical: [3, 4], gestural: [1, 6] }),
      scored('none', 's1', '04', { independent: [0, 5], model: [0, 5] }),
      row('mixed', 's1', '04', 5, 10),
      row('mixed', 's2', '11', 6, 10),
      scored('mixed', 's3', '18', { independent: [7, 8], visual: [2, 2] }),
      row('counts', 's1', '04', 8, 10),
      scored('mixedOne', 's1', '04', { independent: [5, 5] }),
      row('mixedOne', 's2', '11', 4, 5),
      scored('falling', 's1', '04', { independent: [8, 8], verbal: [1, 2] }),
      scored('falling', 's2', '11', { independent: [2, 6], verbal: [2, 4] }),
    ],
    sessions: [session('s1', '04'), session('s2', '11'), session('s3', '18')],
  });
  const html = composeNote(facts);
  const section = (name: string) => plainText(html.slice(html.indexOf(`<h3>${name} `)).split('</h3>')[1]!.split('<h3>')[0]!);

  it('writes the share correct, the share independently and the cue level used on the rest', () => {
    expect(section('One cue level')).toContain(
      'In the 2 sessions scored trial by trial with cue levels (10 trials), Ava M. scored 80% correct, 60% independently, with verbal cues on the rest (2 trials, 20%).',
    );
    expect(section('Several cue levels')).toContain(
      'Ava M. scored 80% correct, 60% independently, with cues on the rest: verbal on 3 trials (15%) and model on 1 trial (5%).',
    );
  });

  it('words all-independent, all-cued and nothing-correct periods grammatically', () => {
    expect(section('All independent')).toContain('In the session scored trial by trial with cue levels (10 trials), Ava M. scored 80% correct, all independently.');
    expect(section('None independent, one level')).toContain('Ava M. scored 40% correct, all with verbal cues (4 trials).');
    // Most frequent first, whatever the order of support.
    expect(section('None independent, several levels')).toContain('Ava M. scored 40% correct, all with cues: physical on 3 trials (30%) and gestural on 1 trial (10%).');
    expect(section('Nothing correct')).toContain('Ava M. scored 0% correct.');
    expect(section('Nothing correct')).not.toMatch(/independently|model/);
  });

  it('says which sessions the cue figures cover in a mixed period, and says nothing of cues without them', () => {
    expect(section('Mixed period')).toContain('with an overall accuracy of 67% across all trials.');
    expect(section('Mixed period')).toContain(
      'In the session scored trial by trial with cue levels (10 trials), Ava M. scored 90% correct, 70% independently, with visual cues on the rest (2 trials, 20%). ' +
        'The other sessions were recorded as counts only, without cue levels, so these figures do not include them.',
    );
    expect(section('One session of counts')).toContain('Ava M. scored 100% correct, all independently. The other session was recorded as counts only');
    expect(section('Counts only')).toContain('Data were collected in 1 session (10 trials, 8 correct), with an accuracy of 80%. There is not yet enough data');
    expect(section('Counts only')).not.toMatch(/independently|cue/);
  });

  it('recommends fading the cues that helped only while progress is on track', () => {
    expect(section('Several cue levels')).toContain('Fade verbal and model cues toward independent responses.');
    expect(section('Declining with cues')).toContain('The trend is declining.');
    expect(section('Declining with cues')).not.toContain('Fade');
  });

  it('is grounded: every number it writes is a fact', () => {
    expect(ungroundedNumbers(html, facts)).toEqual([]);
    expect(sanitizeRichText(html)).toBe(html);
  });
});
