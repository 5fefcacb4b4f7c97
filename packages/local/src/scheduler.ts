/**
 * The local stand-in for EventBridge Scheduler: under `npm start` every job of
 * packages/contract/src/scheduled-jobs.ts runs at its scheduled minute, in this process, on the
 * local data folder. One timer at a time, set for the next due minute of any job; jobs due at once
 * run one after another in definition order, and a job still running when the next minute comes
 * delays it rather than overlapping it (a district's deletion must not race its retention purge).
 */
import { nextRun, jobsDueAt, scheduledJobNames, scheduledJobs, type ScheduledJobName } from '@caseload/contract/scheduled-jobs';
import { now } from '@caseload/core/clock';
import { errorFields, logger } from '@caseload/core/observability';
import { runScheduledJob } from '@caseload/core/scheduled-jobs/jobs';
import { unlimited, type JobResult } from '@caseload/core/scheduled-jobs/types';

export interface SchedulerOptions {
  /** Runs one job (the real runners unless a test hands its own). */
  run?: (job: ScheduledJobName, at: Date) => Promise<JobResult>;
}

export interface Scheduler {
  stop(): void;
  /** Resolves once the jobs started so far have finished (tests, and a clean stop). */
  idle(): Promise<void>;
}

export function startScheduler(options: SchedulerOptions = {}): Scheduler {
  const run = options.run ?? ((job, at) => runScheduledJob(job, at, unlimited));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();

  const arm = () => {
    if (stopped) return;
    const at = now();
    const due = new Date(Math.min(...scheduledJobNames.map((name) => nextRun(scheduledJobs[name], at).getTime())));
    timer = setTimeout(() => {
      chain = chain.then(async () => {
        for (const job of jobsDueAt(due)) {
          try {
            const result = await run(job, due);
            logger.info('scheduled_job_done', { job, done: result.done, ...result.summary });
          } catch (e) {
            // Logged and survived, as the cloud's scheduler would retry: the next day runs it again.
            logger.error('scheduled_job_failed', { job, error: errorFields(e) });
          }
        }
      });
      arm();
    }, Math.max(0, due.getTime() - at.getTime()));
    // A pending timer alone does not keep the process alive.
    timer.unref();
  };
  arm();

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    idle: () => chain,
  };
}
