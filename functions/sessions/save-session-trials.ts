import * as routes from '@caseload/contract/manifest';
import { progressPrefetch } from '@caseload/core/sessions/documentation';
import { saveSessionTrials } from '@caseload/core/sessions/trials';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveSessionTrials, ({ auth, params, body, prefetched }) => saveSessionTrials(auth, params.id, body, prefetched), {
  prefetch: (accountId, { params, body }) => progressPrefetch(accountId, params.id, body.goalId),
});
