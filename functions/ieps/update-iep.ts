import * as routes from '@caseload/contract/manifest';
import { updateIep } from '@caseload/core/ieps/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.updateIep, ({ auth, params, body }) => updateIep(auth, params.iepId, body));
