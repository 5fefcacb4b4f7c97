import * as routes from '@caseload/contract/manifest';
import { createClient } from '@caseload/core/caseload/clients';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createClient, async ({ auth, body }) => reply({ status: 201, body: await createClient(auth, body) }));
