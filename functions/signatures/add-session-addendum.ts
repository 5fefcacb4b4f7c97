import * as routes from '@caseload/contract/manifest';
import { addSessionAddendum } from '@caseload/core/signatures/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.addSessionAddendum, async ({ auth, params, body }) => reply({ status: 201, body: await addSessionAddendum(auth, params.id, body) }));
