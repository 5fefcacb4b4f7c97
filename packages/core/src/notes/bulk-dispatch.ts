/**
 * The bulk-generation names of the one background-job mechanism (../jobs/dispatch.ts), kept so
 * callers that only start or await note jobs read as before.
 */
export {
  inProcessDispatcher,
  jobDispatcher as bulkDispatcher,
  queueDispatcher,
  setJobDispatcher as setBulkDispatcher,
  whenJobsIdle as whenBulkJobsIdle,
  type JobDispatcher as BulkDispatcher,
} from '../jobs/dispatch.ts';
