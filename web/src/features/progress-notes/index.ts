/** The progress-notes feature's public surface: the note dialog the clients page opens for one client. */
export { ProgressNoteDialog } from './components/ProgressNoteDialog.tsx';
