import * as routes from '@caseload/contract/manifest';
import { updateOrganization } from '@caseload/core/caseload/organizations';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateOrganization, ({ auth, params, body }) => updateOrganization(auth, params.id, body));
