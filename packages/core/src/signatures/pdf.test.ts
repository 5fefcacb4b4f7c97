import { describe, expect, it } from 'vitest';
import { htmlBlocks } from '../pdf/blocks.ts';
import { serviceFacts, type FactSources, type ServiceFacts } from './facts.ts';
import { sessionNoteDocument, type SessionNoteFacts } from './pdf.ts';

const AVA = 'c1';
const sources = (over: Partial<FactSources> = {}): FactSources => ({
  session: {
    scheduledAt: '2024-03-04T14:00:00.000Z',
    duration: 45,
    sessionType: 'therapy',
    status: 'completed',
    participants: { [AVA]: { status: 'present', firstName: 'Ava', lastInitial: 'M', addedAt: '2024-01-01T00:00:00.000Z' } },
  },
  clientId: AVA,
  client: { firstName: 'Ava', lastInitial: 'M', icd10Codes: ['F80.0'] },
  goals: [],
  progress: [],
  timeZone: 'America/New_York',
  ...over,
});
const facts = (over: Partial<SessionNoteFacts> = {}): SessionNoteFacts => ({
  service: serviceFacts(sources()),
  provider: { name: 'Alex Lee', role: 'assistant' },
  ...over,
});
type Goal = ServiceFacts['goals'][number];
const goal = (g: Omit<Goal, 'goalId'>): Goal => ({ goalId: 'g1', ...g });
/** The document's body as the PDF writer lays it out: block texts in order. */
const bodyTexts = (f: SessionNoteFacts) => htmlBlocks(sessionNoteDocument(f).html).map((b) => b.text);

describe('sessionNoteDocument', () => {
  it('heads the page with the service: an individual session of a present student bills 92507', () => {
    expect(sessionNoteDocument(facts()).header).toEqual([
      'Student: Ava M.',
      'Date: March 4, 2024',
      'Time: 09:00–09:45 (America/New_York)',
      'Duration: 45 minutes',
      'Session type: Therapy',
      'Provider: Alex Lee (Assistant)',
      'Attendance: Present',
      'CPT: 92507 (individual)',
      'ICD-10: F80.0',
    ]);
  });

  it('bills no CPT code for a student who was not present', () => {
    const absent = sources();
    absent.session.participants[AVA]!.status = 'absent';
    const header = sessionNoteDocument(facts({ service: serviceFacts(absent) })).header;
    expect(header).toContain('Attendance: Absent');
    expect(header.some((line) => line.startsWith('CPT'))).toBe(false);
  });

  it('keeps text that looks like markup or entities as written, in the note, the goal names and the addenda', () => {
    const texts = bodyTexts(
      facts({
        note: {
          notes: '<p>Tom &amp; Jerry &lt;b&gt;</p>',
          signature: { userId: 'u1', name: 'Alex Lee', role: 'assistant', at: '2024-03-04T15:00:00.000Z' },
          addenda: [{ text: '5 < 6 & 7 > 3, &#60; &amp; \uE000x', userId: 'u1', name: 'Alex Lee', at: '2024-03-05T15:00:00.000Z' }],
        },
        service: { ...serviceFacts(sources()), goals: [goal({ name: 'Say <s> & <z>', successfulAttempts: 0, totalAttempts: 0 })] },
      }),
    );
    expect(texts).toEqual([
      'Note',
      'Tom & Jerry <b>',
      'Progress',
      'Say <s> & <z>: 0/0',
      'Signatures',
      'Signed by Alex Lee (Assistant) on March 4, 2024 at 10:00',
      'Awaiting co-signature',
      'Addenda',
      'Addendum by Alex Lee on March 5, 2024 at 10:00:',
      '5 < 6 & 7 > 3, &#60; &amp; \uE000x',
    ]);
  });

  it("needs no co-signature for an SLP's note, and prints an unsigned one as such", () => {
    const slp = bodyTexts(facts({ note: { notes: '', signature: { userId: 'u2', name: 'Sam Lee', role: 'slp', at: '2024-03-04T15:00:00.000Z' } } }));
    expect(slp.slice(-2)).toEqual(['Signatures', 'Signed by Sam Lee (Speech-Language Pathologist) on March 4, 2024 at 10:00']);
    expect(bodyTexts(facts()).slice(-2)).toEqual(['Signatures', 'Unsigned']);
  });
});

describe('progress lines', () => {
  it('print a goal scored live as trials, correct, independent and cue levels; counts as before', () => {
    const texts = bodyTexts(
      facts({
        service: {
          ...serviceFacts(sources()),
          goals: [
            // 10 trials: 6 independent (5 correct), 4 verbal (3 correct).
            goal({ name: 'Produce /r/', successfulAttempts: 8, totalAttempts: 10, trials: { independentCorrect: 5, cueCounts: { verbal: 4, independent: 6 } } }),
            goal({ name: 'Answer wh- questions', successfulAttempts: 1, totalAttempts: 1, trials: { independentCorrect: 0, cueCounts: { model: 1 } } }),
            goal({ name: 'Follow directions', successfulAttempts: 0, totalAttempts: 0, trials: { independentCorrect: 0, cueCounts: {} } }),
            goal({ name: 'Use plurals', successfulAttempts: 2, totalAttempts: 3 }),
          ],
        },
      }),
    );
    expect(texts.slice(texts.indexOf('Progress') + 1, texts.indexOf('Signatures'))).toEqual([
      'Produce /r/: 10 trials, 8 correct (80%), 5 independently; cue levels: Independent 6, Verbal 4',
      'Answer wh- questions: 1 trial, 1 correct (100%), 0 independently; cue levels: Model 1',
      'Follow directions: no trials',
      'Use plurals: 2/3 (67%)',
    ]);
  });
});

describe('serviceFacts', () => {
  it('bills an evaluation its own code, a group by its size, and nothing for a meeting', () => {
    const withBo = (over: Partial<FactSources['session']>) =>
      sources({
        session: {
          ...sources().session,
          participants: { ...sources().session.participants, c2: { status: 'present', firstName: 'Bo', lastInitial: 'K', addedAt: '2024-01-01T00:00:00.000Z' } },
          ...over,
        },
      });
    expect(serviceFacts(withBo({})).cpt).toBe('92508');
    expect(serviceFacts(withBo({})).studentsPresent).toBe(2);
    expect(serviceFacts(withBo({ sessionType: 'evaluation', evaluationCode: '92523' })).cpt).toBe('92523');
    expect(serviceFacts(withBo({ sessionType: 'meeting' })).cpt).toBeNull();
  });

  it("orders the goals' data as the goals are ordered and names a removed goal", () => {
    const row = (goalId: string) => ({ goalId, successfulAttempts: 1, totalAttempts: 2 });
    const f = serviceFacts(sources({ goals: [{ id: 'g1', name: 'First' }, { id: 'g2', name: 'Second' }], progress: [row('gone'), row('g2'), row('g1')] }));
    expect(f.goals.map((g) => g.name)).toEqual(['First', 'Second', 'A removed goal']);
  });
});
