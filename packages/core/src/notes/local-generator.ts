/**
 * The deterministic note composer: the default generator, used locally and in tests. It states
 * only fact values, so its notes always pass the grounding check, and it says plainly when a goal
 * has no data instead of describing progress that was not measured.
 */
import { cueLevelLabels } from '@caseload/contract/trials';
import { longDate } from './dates.ts';
import type { AttendanceFacts, CuedCorrect, CueingFacts, GoalFacts, ProgressFacts } from './facts.ts';
import type { NoteGenerator } from './generator-port.ts';

export const NO_DATA_SENTENCE = 'No session data was recorded for this goal during the reporting period.';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function attendanceParagraph(name: string, a: AttendanceFacts): string {
  if (a.sessionsScheduled === 0) return `No sessions were scheduled for ${name} during the reporting period.`;
  const parts = [`attended ${a.present}`, `absent ${a.absent}`, `canceled ${a.canceled}`];
  if (a.notRecorded > 0) parts.push(`attendance not recorded ${a.notRecorded}`);
  return (
    `${name} was scheduled for ${plural(a.sessionsScheduled, 'session')} during the reporting period: ${parts.join(', ')}. ` +
    `${name} received ${plural(a.totalMinutes, 'minute')} of therapy in the sessions attended.`
  );
}

function changeWords(change: number): string {
  if (change === 0) return 'unchanged';
  return `${change > 0 ? 'up' : 'down'} ${plural(Math.abs(change), 'percentage point')}`;
}

/** 'a', 'a and b', 'a, b and c'. */
const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const cueName = (c: CuedCorrect) => cueLevelLabels[c.cue].toLowerCase();

/**
 * What the goal's criterion counts as correct, so a figure under a highest cue level says so
 * ('correct with verbal cues or less'): it is not the share of every correct trial.
 */
function correctWords(g: GoalFacts): string {
  const cue = g.criterionMaxCue;
  if (!cue) return 'correct';
  return cue === 'independent' ? 'correct independently' : `correct with ${cueLevelLabels[cue].toLowerCase()} cues or less`;
}

/**
 * The share correct, the share correct independently, and the cue levels of the other correct
 * trials: '80% correct, 60% independently, with verbal cues on the rest (10 trials, 20%)'.
 */
function independenceWords(c: CueingFacts, g: GoalFacts): string {
  const correct = `${c.percentCorrect}% ${correctWords(g)}`;
  // Only independent trials count: the share correct is the share independent.
  if (c.correct === 0 || g.criterionMaxCue === 'independent') return correct;
  if (c.cuedCorrect.length === 0) return `${correct}, all independently`;
  const levels = list(c.cuedCorrect.map((cued) => `${cueName(cued)} on ${plural(cued.trials, 'trial')} (${cued.percentOfTrials}%)`));
  const [only] = c.cuedCorrect.length === 1 ? c.cuedCorrect : [];
  if (c.independentCorrect === 0) return only ? `${correct}, all with ${cueName(only)} cues (${plural(only.trials, 'trial')})` : `${correct}, all with cues: ${levels}`;
  const independently = `${correct}, ${c.percentIndependent}% independently`;
  return only
    ? `${independently}, with ${cueName(only)} cues on the rest (${plural(only.trials, 'trial')}, ${only.percentOfTrials}%)`
    : `${independently}, with cues on the rest: ${levels}`;
}

function cueingSentences(name: string, g: GoalFacts): string {
  const c = g.cueing;
  if (!c) return '';
  const sessions = c.sessionsWithTrials === 1 ? 'the session' : `the ${c.sessionsWithTrials} sessions`;
  const scored = ` In ${sessions} scored trial by trial with cue levels (${plural(c.trials, 'trial')}), ${name} scored ${independenceWords(c, g)}.`;
  if (c.allSessionsWithTrials) return scored;
  const others = g.sessionsWithData - c.sessionsWithTrials === 1 ? 'The other session was' : 'The other sessions were';
  return `${scored} ${others} recorded as counts only, without cue levels, so these figures do not include them.`;
}

function performanceParagraph(name: string, g: GoalFacts): string {
  if (g.sessionsWithData === 0) return NO_DATA_SENTENCE;
  const trials = `(${plural(g.totalTrials, 'trial')}, ${g.successfulTrials} ${correctWords(g)})`;
  if (g.sessionsWithData === 1) {
    return `Data were collected in 1 session ${trials}, with an accuracy of ${g.latestAccuracy}%.${cueingSentences(name, g)} There is not yet enough data to establish a trend.`;
  }
  return (
    `Data were collected in ${g.sessionsWithData} sessions ${trials}. ` +
    `Accuracy by session, in order: ${g.sessionAccuracies.map((a) => `${a}%`).join(', ')}. ` +
    `Accuracy moved from ${g.firstAccuracy}% in the first session to ${g.latestAccuracy}% in the most recent session (${changeWords(g.change!)}), ` +
    `with an overall accuracy of ${g.overallAccuracy}% across all trials.${cueingSentences(name, g)} The trend is ${g.trend}.`
  );
}

function targetParagraph(g: GoalFacts): string {
  const criteria = `<strong>Target criteria:</strong> ${esc(g.targetCriteria)}`;
  if (g.targetSource === 'criteria') return criteria;
  return `${criteria}. The criteria state no percentage, so progress is judged against an accuracy benchmark of ${g.targetPercent}%.`;
}

function verdictSentence(g: GoalFacts): string {
  if (g.mastered) return g.masteredInPeriod ? 'The goal was met during this reporting period.' : 'The goal has been met.';
  if (g.progress === 'undetermined') {
    return g.sessionsWithData === 0
      ? 'Progress toward this goal cannot be judged for this period because no data were recorded.'
      : `Progress cannot be judged yet: the only session with data is below the ${g.targetPercent}% target.`;
  }
  if (g.progress === 'sufficient') {
    return g.latestAccuracy! >= g.targetPercent
      ? `Progress is sufficient to meet this goal: the most recent accuracy of ${g.latestAccuracy}% meets the ${g.targetPercent}% target.`
      : `Progress is sufficient to meet this goal: accuracy is improving toward the ${g.targetPercent}% target.`;
  }
  return `Progress is not yet sufficient to meet this goal: the most recent accuracy of ${g.latestAccuracy}% is below the ${g.targetPercent}% target and the trend is ${g.trend}.`;
}

/** While progress is on track, the cues that helped are the support to fade next. */
function cueFading(g: GoalFacts): string {
  const cued = g.cueing?.cuedCorrect ?? [];
  return cued.length && g.progress === 'sufficient' ? ` Fade ${list(cued.map(cueName))} cues toward independent responses.` : '';
}

function recommendation(g: GoalFacts): string {
  if (g.mastered) return 'Monitor maintenance of this skill and consider introducing a new goal.';
  return `${nextSteps(g)}${cueFading(g)}`;
}

function nextSteps(g: GoalFacts): string {
  if (g.sessionsWithData === 0) return 'Collect data on this goal in upcoming sessions so that progress can be measured.';
  if (g.latestAccuracy! >= g.targetPercent) return 'Continue the current approach and check that the skill carries over to new settings and partners before the goal is marked mastered.';
  if (g.trend === 'improving') return 'Continue the current intervention approach and keep collecting data each session.';
  if (g.trend === 'declining') return 'Review the intervention approach (cueing level, materials and practice intensity) and adjust supports to reverse the decline.';
  if (g.trend === 'stable') return 'Consider adjusting the intervention strategies to increase progress, and review the goal at the next reporting period.';
  return 'Continue collecting data to establish a trend.';
}

function goalSection(name: string, g: GoalFacts): string {
  return [
    `<h3>${esc(g.name)} (${esc(g.typeLabel)})</h3>`,
    `<p>${targetParagraph(g)}</p>`,
    `<p>${performanceParagraph(name, g)}</p>`,
    `<p><strong>Progress toward the goal:</strong> ${verdictSentence(g)}</p>`,
    `<p><strong>Recommendation:</strong> ${recommendation(g)}</p>`,
  ].join('');
}

/** The note as rich text (HTML within the sanitizer's allow-list). */
export function composeNote(facts: ProgressFacts): string {
  const name = esc(facts.client.displayName);
  const goals = facts.goals.length
    ? facts.goals.map((g) => goalSection(name, g)).join('')
    : `<p>${name} had no goals to report during this period.</p>`;
  return [
    `<h2>Progress Note: ${name}</h2>`,
    `<p><strong>Reporting period:</strong> ${longDate(facts.period.start)} to ${longDate(facts.period.end)}</p>`,
    `<h3>Attendance</h3>`,
    `<p>${attendanceParagraph(name, facts.attendance)}</p>`,
    goals,
  ].join('');
}

export const localNoteGenerator: NoteGenerator = {
  varies: false,
  generate: (facts) => Promise.resolve(composeNote(facts)),
};
