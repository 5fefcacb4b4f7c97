/** The goal bank's public surface: the template picker, "Save as template", and the blanks helpers the goal form fills with. */
export { GoalBankPicker } from './components/GoalBankPicker.tsx';
export { SaveTemplateDialog, type TemplateDraft } from './components/SaveTemplateDialog.tsx';
export { asTemplateText, blanksIn, withStudent } from './lib/templates.ts';
