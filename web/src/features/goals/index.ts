/** The goals feature's public surface: goal display, the goal form, a client's goals tab and goal reads, rich-text helpers. */
export { useClientGoals } from './api/goals.ts';
export { ClientGoalsTab } from './components/ClientGoalsTab.tsx';
export { GoalTypeBadge } from './components/GoalBadges.tsx';
export { GoalDescription } from './components/GoalDescription.tsx';
export { GoalFormDialog } from './components/GoalForm.tsx';
export { accuracy, accuracyLabel } from './lib/goals.ts';
export { htmlToText, sanitizeHtml, textToHtml } from './lib/richText.ts';
