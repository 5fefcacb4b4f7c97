import * as routes from '@caseload/contract/manifest';
import { getClient } from '@caseload/core/caseload/clients';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getClient, ({ auth, params }) => getClient(auth, params.id));
