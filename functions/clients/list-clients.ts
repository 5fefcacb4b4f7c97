import * as routes from '@caseload/contract/manifest';
import { listClients } from '@caseload/core/caseload/list-clients';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listClients, ({ auth, query }) => listClients(auth, query));
