/**
 * The goal bank (spec part 3 §3): Caseload's templates (code, `templates.ts`) and the account's
 * own (items). Anyone signed in may read the bank; saving and deleting the account's templates
 * needs canManageGoals (the route's permission). Caseload's templates cannot be deleted: their ids
 * are not uuids, so the route's parameter refuses them before this code runs.
 */
import type * as z from 'zod/mini';
import type { GoalTemplate, goalBankQuery, goalTemplateBody } from '@caseload/contract/goal-bank';
import { auditChange } from '../caseload/audit-events.ts';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import { accountTemplates, deleteTemplate, putTemplate, type GoalTemplateItem } from './repo.ts';
import { caseloadTemplates } from './templates.ts';

type BankQuery = z.output<typeof goalBankQuery>;
type TemplateInput = z.output<typeof goalTemplateBody>;

const AUDIT_ENTITY = 'goal_template';

function toTemplate(item: GoalTemplateItem): GoalTemplate {
  return {
    id: item.id,
    source: 'account',
    name: item.name,
    type: item.goalType,
    description: item.description,
    targetCriteria: item.targetCriteria,
    ...(item.criterionAccuracy !== undefined ? { criterionAccuracy: item.criterionAccuracy } : {}),
    ...(item.criterionSessions !== undefined ? { criterionSessions: item.criterionSessions } : {}),
    ...(item.criterionMaxCue !== undefined ? { criterionMaxCue: item.criterionMaxCue } : {}),
  };
}

/** Text as search compares it: accents dropped, lower-case, single spaces ("Défi  R" → "defi r"). */
const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** A speech sound written between slashes, as clinicians search for it: "/r/", "/th/", "/s/ blends" (its first word). */
const SOUND = /\/[^/\s]{1,4}\//g;
/** A template that leaves its sound to the clinician: any sound can be filled in. */
const TAKES_A_SOUND = '[sound]';

/**
 * The query's filter: the type when given, and the search as a case-insensitive substring of the
 * name or description. A sound between slashes ("/r/") also matches every template with a [sound]
 * blank, since the clinician fills that blank with it; the rest of the search must still match.
 */
export function matchesQuery(template: GoalTemplate, query: BankQuery): boolean {
  if (query.type && template.type !== query.type) return false;
  const search = folded(query.search ?? '');
  if (!search) return true;
  const text = `${folded(template.name)}\n${folded(template.description)}`;
  if (text.includes(search)) return true;
  const sounds = search.match(SOUND);
  if (!sounds) return false;
  const rest = search.replace(SOUND, ' ').replace(/\s+/g, ' ').trim();
  return sounds.every((sound) => text.includes(sound) || text.includes(TAKES_A_SOUND)) && (!rest || text.includes(rest));
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The account's templates first (by name: the district's own wording), then Caseload's in the bank's order. */
export async function listGoalBank(auth: AuthContext, query: BankQuery): Promise<GoalTemplate[]> {
  const own = (await accountTemplates(auth.accountId)).map(toTemplate).sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  return [...own, ...caseloadTemplates].filter((template) => matchesQuery(template, query));
}

export async function createGoalTemplate(auth: AuthContext, input: TemplateInput): Promise<GoalTemplate> {
  const item: GoalTemplateItem = {
    id: newId(),
    accountId: auth.accountId,
    name: input.name,
    goalType: input.type,
    description: input.description,
    targetCriteria: input.targetCriteria,
    criterionAccuracy: input.criterionAccuracy,
    criterionSessions: input.criterionSessions,
    criterionMaxCue: input.criterionMaxCue,
    createdAt: nowIso(),
    createdBy: auth.userId,
  };
  await putTemplate(item);
  await auditChange(auth, 'goal_template.created', { type: AUDIT_ENTITY, id: item.id }, 'Saved a goal template');
  return toTemplate(item);
}

export async function deleteGoalTemplate(auth: AuthContext, templateId: string): Promise<void> {
  if (!(await deleteTemplate(auth.accountId, templateId))) throw new NotFoundError('Goal template');
  await auditChange(auth, 'goal_template.deleted', { type: AUDIT_ENTITY, id: templateId }, 'Deleted a goal template');
}
