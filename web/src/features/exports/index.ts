/** The exports feature's public surface: a whole-district export's start and its progress, which the service-log and minutes pages place. */
export { useDistrictExport } from './api/exports.ts';
export { DistrictExportCard } from './components/ExportJobProgress.tsx';
