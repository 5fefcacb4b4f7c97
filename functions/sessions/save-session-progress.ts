import * as routes from '@caseload/contract/manifest';
import { progressPrefetch, saveSessionProgress } from '@caseload/core/sessions/documentation';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveSessionProgress, ({ auth, params, body, prefetched }) => saveSessionProgress(auth, params.id, body, prefetched), {
  prefetch: (accountId, { params, body }) => progressPrefetch(accountId, params.id, body.goalId),
});
