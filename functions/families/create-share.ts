import * as routes from '@caseload/contract/manifest';
import { createShare } from '@caseload/core/families/shares';
import { requestOrigin } from '@caseload/pipeline/http';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createShare, async ({ auth, params, body, event }) =>
  reply({ status: 201, body: await createShare(auth, params.id, body.language, requestOrigin(event)) }),
);
