/** The sessions feature's public surface: autosave, which progress notes use for their own drafts. */
export { useAutosave } from './lib/useAutosave.ts';
