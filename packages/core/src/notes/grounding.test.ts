import { describe, expect, it } from 'vitest';
import type { GoalFacts, ProgressFacts } from './facts.ts';
import { ungroundedNumbers } from './grounding.ts';
import { composeNote } from './local-generator.ts';

const goal: GoalFacts = {
  goalId: 'g1',
  name: 'Produce /r/ in words',
  type: 'articulation',
  typeLabel: 'Articulation',
  status: 'active',
  targetCriteria: '80% accuracy in 3 consecutive sessions',
  description: 'Initial /r/',
  targetPercent: 80,
  targetSource: 'criteria',
  criterionMaxCue: null,
  sessionsWithData: 3,
  totalTrials: 30,
  successfulTrials: 22,
  sessionAccuracies: [60, 70, 90],
  firstAccuracy: 60,
  latestAccuracy: 90,
  overallAccuracy: 73,
  change: 30,
  trend: 'improving',
  cueing: null,
  mastered: false,
  masteredInPeriod: false,
  progress: 'sufficient',
};
const facts: ProgressFacts = {
  client: { firstName: 'Ava', lastInitial: 'M', displayName: 'Ava M.' },
  period: { start: '2024-03-01', end: '2024-03-31' },
  attendance: { sessionsScheduled: 4, present: 3, absent: 1, canceled: 0, notRecorded: 0, totalMinutes: 90 },
  goalCount: 1,
  goals: [goal],
};

describe('ungroundedNumbers', () => {
  it('passes a note that states only facts', () => {
    const html = '<p>Ava M. attended 3 of 4 sessions (90 minutes). Accuracy rose from 60% to 90% (up 30 points), 73% overall across 30 trials; target 80%.</p>';
    expect(ungroundedNumbers(html, facts)).toEqual([]);
  });

  it('catches an invented number, a decimal and a thousands-separated number', () => {
    expect(ungroundedNumbers('<p>Accuracy improved to 85% this period.</p>', facts)).toEqual(['85']);
    expect(ungroundedNumbers('<p>Accuracy averaged 73.5%.</p>', facts)).toEqual(['73.5']);
    expect(ungroundedNumbers('<p>She practiced 1,200 words.</p>', facts)).toEqual(['1,200']);
  });

  it('cannot be fooled by markup splitting a number', () => {
    expect(ungroundedNumbers('<p>Accuracy reached <strong>9</strong><em>5</em>%</p>', facts)).toEqual(['95']);
  });

  it('allows the period dates in the usual spellings, and their years, but no other dates', () => {
    const ok = '<p>Reporting period: March 1, 2024 to March 31, 2024 (2024-03-01 to 2024-03-31, 3/1/2024 to 3/31/2024), the 2024 school year.</p>';
    expect(ungroundedNumbers(ok, facts)).toEqual([]);
    expect(ungroundedNumbers('<p>On March 12, 2024 accuracy was 60%.</p>', facts)).toEqual(['12']);
  });

  it('allows numbers quoted from the goal criteria', () => {
    expect(ungroundedNumbers('<p>The target is 80% accuracy in 3 consecutive sessions.</p>', facts)).toEqual([]);
  });

  it('ignores digits in the client\'s name, and only there', () => {
    const named: ProgressFacts = { ...facts, client: { firstName: 'Student12', lastInitial: 'B', displayName: 'Student12 B.' } };
    expect(ungroundedNumbers('<p>Student12 B. attended 3 sessions; Student12 reached 90%.</p>', named)).toEqual([]);
    expect(ungroundedNumbers('<p>Student12 B. reached 12%.</p>', named)).toEqual(['12']);
  });

  it('passes the local composer\'s own note', () => {
    expect(ungroundedNumbers(composeNote(facts), facts)).toEqual([]);
  });
});

describe('ungroundedNumbers with trials scored with cue levels', () => {
  const cued: ProgressFacts = {
    ...facts,
    goals: [
      {
        ...goal,
        cueing: {
          sessionsWithTrials: 3,
          allSessionsWithTrials: true,
          trials: 30,
          correct: 22,
          percentCorrect: 73,
          independentCorrect: 16,
          percentIndependent: 53,
          cuedCorrect: [
            { cue: 'verbal', trials: 4, percentOfTrials: 13 },
            { cue: 'model', trials: 2, percentOfTrials: 7 },
          ],
        },
      },
    ],
  };
  const note = '<p>Ava M. scored 73% correct, 53% independently (16 of 30 trials), with cues on the rest: verbal on 4 trials (13%) and model on 2 trials (7%).</p>';

  it('accepts the independence and cue-level figures of the facts', () => {
    expect(ungroundedNumbers(note, cued)).toEqual([]);
    expect(ungroundedNumbers(composeNote(cued), cued)).toEqual([]);
  });

  it('refuses them when the period has no trials with cue levels', () => {
    expect(ungroundedNumbers(note, facts)).toEqual(['53', '16', '13', '2', '7']);
  });

  it('still refuses invented independence and cue figures', () => {
    expect(ungroundedNumbers('<p>Ava M. scored 73% correct, 55% independently, with verbal cues on the rest (18%).</p>', cued)).toEqual(['55', '18']);
    // The rest worked out by the model (73 − 53) is not a fact.
    expect(ungroundedNumbers('<p>53% independently and 20% with cues.</p>', cued)).toEqual(['20']);
  });
});
