/** What every scheduled job is handed and answers. */

/** When a run must stop taking on work: the Lambda's remaining time (tests stop earlier). */
export interface JobBudget {
  exhausted(): boolean;
}

/** A run's outcome: `done` false when the budget stopped it (the next run continues); counts, never names. */
export interface JobResult {
  done: boolean;
  summary: Record<string, number>;
}

/** No limit: the local runners (`npm start`, `npm run jobs`) run a job to its end. */
export const unlimited: JobBudget = { exhausted: () => false };

/** A budget of `ms` from now, by the real clock (the job's own `at` may be a test's moment). */
export const timeBudget = (ms: number): JobBudget => {
  const end = Date.now() + ms;
  return { exhausted: () => Date.now() >= end };
};
