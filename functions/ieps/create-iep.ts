import * as routes from '@caseload/contract/manifest';
import { createIep } from '@caseload/core/ieps/service';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createIep, async ({ auth, params, body }) => reply({ status: 201, body: await createIep(auth, params.id, body) }));
