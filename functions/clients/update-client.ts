import * as routes from '@caseload/contract/manifest';
import { updateClient } from '@caseload/core/caseload/clients';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateClient, ({ auth, params, body }) => updateClient(auth, params.id, body));
