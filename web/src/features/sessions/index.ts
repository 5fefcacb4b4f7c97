/**
 * The sessions feature's public surface: autosave, which progress notes use for their own drafts,
 * and the header's save status of live-scored trials (it also starts their offline queue).
 */
export { SaveQueueStatus } from './components/SaveQueueStatus.tsx';
export { useAutosave } from './lib/useAutosave.ts';
