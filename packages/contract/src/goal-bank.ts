/**
 * The goal bank (spec part 3 §3): Caseload's own templates (written for the product, with blanks
 * such as `[student]`, `[sound]`, `[accuracy]`) and the account's. Starting a goal from a template
 * fills the goal form; nothing links the goal to the template afterwards.
 */
import * as z from 'zod/mini';
import { id, requiredText, schema } from './common.ts';
import { goalTypes } from './enums.ts';
import { CRITERION_BOTH, criterionComplete, criterionFields, cueLevels } from './trials.ts';

export const goalTemplateSources = ['caseload', 'account'] as const;
export type GoalTemplateSource = (typeof goalTemplateSources)[number];

export const goalBankQuery = /* @__PURE__ */ schema(() =>
  z.object({
    type: z.optional(z.enum(goalTypes, { error: 'Choose a goal type' })),
    search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
  }),
);

/** POST /api/goal-bank: one of the account's own templates. */
export const goalTemplateBody = /* @__PURE__ */ schema(() =>
  z
    .object({
      name: requiredText(255, 'Template name is required', 'Template name', 'name'),
      type: z.enum(goalTypes, { error: 'Choose a goal type' }),
      description: requiredText(2000, 'Description is required', 'Description', 'free'),
      targetCriteria: requiredText(1000, 'Target criteria is required', 'Target criteria', 'free'),
      ...criterionFields,
    })
    .check(z.refine(criterionComplete, { message: CRITERION_BOTH, path: ['criterionSessions'] })),
);
export type GoalTemplateInput = z.input<typeof goalTemplateBody>;

export const goalTemplate = /* @__PURE__ */ schema(() =>
  z.object({
    /** Caseload's templates have readable fixed ids (`artic-01`); the account's are uuids. */
    id: z.string(),
    source: z.enum(goalTemplateSources),
    name: z.string(),
    type: z.enum(goalTypes),
    description: z.string(),
    targetCriteria: z.string(),
    criterionAccuracy: z.optional(z.number()),
    criterionSessions: z.optional(z.number()),
    criterionMaxCue: z.optional(z.enum(cueLevels)),
  }),
);
export type GoalTemplate = z.infer<typeof goalTemplate>;
export const goalTemplateIdParams = /* @__PURE__ */ schema(() => z.object({ id }));
