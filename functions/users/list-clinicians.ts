import * as routes from '@caseload/contract/manifest';
import { listClinicians } from '@caseload/core/caseload/clinicians';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listClinicians, ({ auth, query }) => listClinicians(auth, query.organizationId));
