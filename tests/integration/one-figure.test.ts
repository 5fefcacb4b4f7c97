/**
 * One figure everywhere (spec part 4 §1.6) over the real handlers and DynamoDB Local: the same goal
 * read through the reports page's chart data, the goal read, the progress list, the generated note
 * and the parent report PDF shows one accuracy (the criterion's: correct trials at or below
 * criterionMaxCue ÷ all trials) and one independence figure (independent correct ÷ all trials);
 * and trials stored for a participant marked absent (as the code before the 409 could write them)
 * are left out of all of them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CueLevel, Trial } from '../../packages/contract/src/trials.ts';
import type { ClientItem, GoalItem } from '../../packages/core/src/items.ts';
import { plainText } from '../../packages/core/src/plain-text.ts';
import { trialTotals } from '../../packages/core/src/sessions/trials.ts';
import type { Agent } from '../support/api.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';
import { readPdf } from '../support/pdf-text.ts';
import { putClient, putGoal, putProgress, putSession } from '../support/records.ts';

const DAY = 86_400_000;
/** Noon UTC `days` ago: the same school day in the account's zone (New York by default). */
const ago = (days: number) => new Date(Math.floor(Date.now() / DAY) * DAY - days * DAY + DAY / 2).toISOString();
/** A day as the chart's axis labels it ('Nov 3'). */
const axisDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const PERIOD = { reportingPeriodStart: ago(20).slice(0, 10), reportingPeriodEnd: ago(1).slice(0, 10) };

let owner: Agent;
let accountId: string;

/** A trial list: [correct, trials] per cue level, the correct ones first. */
const trialsOf = (byCue: Partial<Record<CueLevel, [number, number]>>): Trial[] =>
  (Object.entries(byCue) as [CueLevel, [number, number]][]).flatMap(([cue, [ok, n]]) => Array.from({ length: n }, (_, i) => ({ cue, correct: i < ok })));

/**
 * 20 trials: 16 correct (80%), 15 of them with verbal cues or less (75%), 12 independently (60%);
 * 14 trials were at the independent level, so a share of trials per level would say 70%.
 */
const MIXED = trialsOf({ independent: [12, 14], verbal: [3, 4], model: [1, 2] });

/** A session `days` ago with the client in `status` and this trial list for the goal, written as stored rows. */
async function storedTrials(client: ClientItem, goal: GoalItem, days: number, trials: Trial[], status: 'present' | 'absent' = 'present') {
  const session = await putSession(accountId, { scheduledAt: ago(days), participants: { [client.id]: status } });
  const totals = trialTotals(trials);
  await putProgress(accountId, session, goal, totals.successfulAttempts, totals.totalAttempts, { ...totals, trials });
}

/** The goal as every reader shows it: chart data and rates of the reports page, goal read, progress list, note text and parent PDF text. */
async function readEverywhere(client: ClientItem, goal: GoalItem) {
  const report = expectStatus(await owner.get(`/api/reports?clientId=${client.id}&days=30`), 200);
  const reported = report.clientProgress[0].goals.find((g: { id: string }) => g.id === goal.id);
  const goals = expectStatus(await owner.get(`/api/goals?clientId=${client.id}`), 200) as Record<string, any>[];
  const progress = expectStatus(await owner.get(`/api/progress?clientId=${client.id}`), 200) as Record<string, any>[];
  const note = expectStatus(await owner.post(`/api/clients/${client.id}/generate-progress-note`, PERIOD), 201);
  const pdf = await owner.get(`/api/progress-notes/${note.id}/pdf`);
  expect(pdf.status).toBe(200);
  const lines = (await readPdf(Buffer.from(pdf.body as string, 'base64'))).pages.flatMap((p) => p.lines);
  return {
    chart: reported.chart,
    successRate: reported.successRate,
    recentPoints: report.clientProgress[0].recentDataPoints.map((p: { accuracy: number }) => p.accuracy),
    goal: goals.find((g) => g.id === goal.id)!,
    progress: progress.filter((p) => p.goalId === goal.id),
    note: plainText(note.content),
    pdf: lines,
  };
}

beforeAll(async () => {
  const signedUp = await signUpOwner();
  owner = signedUp.agent;
  accountId = signedUp.user.accountId;
});

describe('one figure everywhere', () => {
  it('shows one accuracy and one independence figure (independent correct ÷ all trials) on the chart, its cue-level mix, the goal, the report, the note and the PDF', async () => {
    const client = await putClient(accountId, { firstName: 'Ivy' });
    const goal = await putGoal(accountId, client, { name: 'Produce /s/ in words', targetCriteria: '90% accuracy', criterionAccuracy: 90, criterionSessions: 1, createdAt: ago(30) });
    await storedTrials(client, goal, 5, MIXED);

    const seen = await readEverywhere(client, goal);
    expect(seen.chart.points.map((p: { accuracy: number }) => p.accuracy)).toEqual([80]);
    expect(seen.chart.cueMix).toEqual([
      { cue: 'independent', trials: 12, percent: 60 },
      { cue: 'verbal', trials: 3, percent: 15 },
      { cue: 'model', trials: 1, percent: 5 },
    ]);
    expect(seen.successRate).toBe(80);
    expect(seen.recentPoints).toEqual([80]);
    expect(seen.goal).toMatchObject({ recentAccuracy: 80, criterionMet: false });
    expect(seen.note).toContain('with an accuracy of 80%');
    expect(seen.note).toContain('scored 80% correct, 60% independently');
    // The PDF's caption under the chart says the note's figure, never a share of trials per level (70%).
    expect(seen.pdf).toContain('Correct by cue level: Independent 60% · Verbal 15% · Model 5%');
    const pdfText = seen.pdf.join(' ');
    expect(pdfText).toContain('60% independently');
    expect(pdfText).not.toMatch(/\b70%/);
  });

  it("holds the criterion's accuracy against the target: correct trials above criterionMaxCue do not count (75%, not 80%)", async () => {
    const client = await putClient(accountId, { firstName: 'Jon' });
    const goal = await putGoal(accountId, client, {
      name: 'Produce /l/ in words',
      criterionAccuracy: 80,
      criterionSessions: 1,
      criterionMaxCue: 'verbal',
      createdAt: ago(30),
    });
    await storedTrials(client, goal, 5, MIXED);

    const seen = await readEverywhere(client, goal);
    expect(seen.chart.points.map((p: { accuracy: number }) => p.accuracy)).toEqual([75]);
    expect(seen.chart.criterion).toBe(80);
    expect(seen.successRate).toBe(75);
    expect(seen.recentPoints).toEqual([75]);
    expect(seen.goal).toMatchObject({ recentAccuracy: 75, criterionMet: false });
    expect(seen.note).toContain('(20 trials, 15 correct with verbal cues or less), with an accuracy of 75%');
    expect(seen.note).toContain('scored 75% correct with verbal cues or less, 60% independently');
    expect(seen.note).toContain('the only session with data is below the 80% target');
    expect(seen.note).not.toContain('16 correct');
    expect(seen.pdf.join(' ')).toContain('accuracy of 75%');
    expect(seen.pdf).toContain('Criterion 80%');
  });

  it('leaves out trials stored for a participant who was absent: chart, goal, report, progress list, note and PDF', async () => {
    const client = await putClient(accountId, { firstName: 'Kit' });
    const goal = await putGoal(accountId, client, { name: 'Produce /k/ in words', targetCriteria: '60% accuracy over 2 sessions', criterionAccuracy: 60, criterionSessions: 2, createdAt: ago(30) });
    await storedTrials(client, goal, 6, trialsOf({ independent: [6, 10] }));
    // Newer, and perfect: counted, it would be the recent accuracy and meet "60% over 2 sessions".
    await storedTrials(client, goal, 4, trialsOf({ independent: [10, 10] }), 'absent');

    const seen = await readEverywhere(client, goal);
    expect(seen.chart.points.map((p: { accuracy: number }) => p.accuracy)).toEqual([60]);
    expect(seen.successRate).toBe(60);
    expect(seen.recentPoints).toEqual([60]);
    expect(seen.goal).toMatchObject({ recentAccuracy: 60, criterionMet: false });
    expect(seen.progress).toHaveLength(1);
    expect(seen.progress[0]).toMatchObject({ successfulAttempts: 6, totalAttempts: 10 });
    expect(seen.note).toContain('Data were collected in 1 session (10 trials, 6 correct), with an accuracy of 60%');
    expect(seen.note).not.toContain('100%');
    const pdfText = seen.pdf.join(' ');
    expect(pdfText).toContain('accuracy of 60%');
    // One session on the chart's axis: the absent day has no slot.
    expect(seen.pdf).toContain(axisDay(ago(6)));
    expect(pdfText).not.toContain(axisDay(ago(4)));
  });
});
