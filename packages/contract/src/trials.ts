/**
 * Live data collection (spec part 3 §3): trials scored one by one with the cue level the student
 * needed, and the structured mastery criterion of a goal. Shared by the session page's scoring,
 * the goal form and the handlers.
 */
import * as z from 'zod/mini';
import { id, isoDate, isoDateTime, schema } from './common.ts';

/** Levels of support, least to most: a criterion's `criterionMaxCue` counts its level and every level before it. */
export const cueLevels = ['independent', 'gestural', 'visual', 'verbal', 'model', 'physical'] as const;
export type CueLevel = (typeof cueLevels)[number];
export const cueLevelLabels: Record<CueLevel, string> = {
  independent: 'Independent',
  gestural: 'Gestural',
  visual: 'Visual',
  verbal: 'Verbal',
  model: 'Model',
  physical: 'Physical',
};

export const MAX_TRIALS = 500;
export const TOO_MANY_TRIALS = `A goal can have at most ${MAX_TRIALS} trials in a session`;

export const trial = /* @__PURE__ */ schema(() =>
  z.object({
    correct: z.boolean({ error: 'Each trial is correct or incorrect' }),
    cue: z.enum(cueLevels, { error: 'Choose a cue level' }),
  }),
);
export type Trial = z.infer<typeof trial>;

/**
 * PUT /api/sessions/{id}/trials: the whole ordered trial list of one client and goal in one
 * session. `clientUpdatedAt` is when the device made this state: a body older than the stored one
 * changes nothing (a late replay from a device that was offline never overwrites newer data).
 * A time further ahead of the server's clock than FUTURE_TOLERANCE_MS is taken as the server's
 * time, so a device whose clock runs ahead does not win every later save (part 4 §1.5).
 */
export const trialsBody = /* @__PURE__ */ schema(() =>
  z.object({
    clientId: id,
    goalId: id,
    trials: z.array(trial, { error: 'Trials must be a list' }).check(z.maxLength(MAX_TRIALS, TOO_MANY_TRIALS)),
    clientUpdatedAt: isoDateTime,
  }),
);
export type TrialsInput = z.input<typeof trialsBody>;

/** How far ahead of the server's clock a device's `clientUpdatedAt` is believed. */
export const FUTURE_TOLERANCE_MS = 2 * 60_000;
/** What the page says when a save changed nothing because newer trials were stored (part 4 §1.5). */
export const NEWER_SCORES_KEPT = 'Newer scores from another device were kept';

/** Trials per cue level; levels with none are left out. */
export const cueCounts = /* @__PURE__ */ schema(() => z.partialRecord(z.enum(cueLevels), z.number()));
export type CueCounts = z.infer<typeof cueCounts>;

// ---------- a goal's structured criterion ----------
export const CRITERION_BOTH = 'Enter both the accuracy and the number of sessions';

const wholeNumber = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a number` }).check(
    z.int(`${label} must be a whole number`),
    z.gte(min, `${label} must be at least ${min}`),
    z.lte(max, `${label} must be at most ${max}`),
  );

export const criterionAccuracy = /* @__PURE__ */ schema(() => wholeNumber('Criterion accuracy', 1, 100));
export const criterionSessions = /* @__PURE__ */ schema(() => wholeNumber('Consecutive sessions', 1, 10));
export const baseline = /* @__PURE__ */ schema(() =>
  z.object({ accuracy: wholeNumber('Baseline accuracy', 0, 100), date: isoDate }),
);
export type Baseline = z.infer<typeof baseline>;

/** The structured criterion's fields, as a goal and a goal-bank template carry them. */
export const criterionFields = {
  criterionAccuracy: /* @__PURE__ */ schema(() => z.optional(criterionAccuracy)),
  criterionSessions: /* @__PURE__ */ schema(() => z.optional(criterionSessions)),
  /** The most support still counted as meeting the criterion. */
  criterionMaxCue: /* @__PURE__ */ schema(() => z.optional(z.enum(cueLevels, { error: 'Choose a cue level' }))),
};

export interface CriterionValues {
  criterionAccuracy?: number;
  criterionSessions?: number;
  criterionMaxCue?: CueLevel;
}
/** Accuracy and sessions come together; a highest cue level only with them. */
export const criterionComplete = (v: CriterionValues) =>
  (v.criterionAccuracy === undefined) === (v.criterionSessions === undefined) && (v.criterionMaxCue === undefined || v.criterionAccuracy !== undefined);
