import * as routes from '@caseload/contract/manifest';
import { getSessionClientGoals } from '@caseload/core/sessions/documentation';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getSessionClientGoals, ({ auth, params }) => getSessionClientGoals(auth, params.id));
