/** Leaving and keeping a copy (part 4 §5): the Security page's Export card and the client page's "Export student record". */
export { AccountExportCard } from './components/AccountExportCard.tsx';
export { StudentRecordExport } from './components/StudentRecordExport.tsx';
