import * as routes from '@caseload/contract/manifest';
import { keys } from '@caseload/core/keys';
import { getSession } from '@caseload/core/sessions/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getSession, ({ auth, params, prefetched }) => getSession(auth, params.id, prefetched), {
  prefetch: (accountId, { params }) => [keys.session(accountId, params.id)],
});
