import * as routes from '@caseload/contract/manifest';
import { listShares } from '@caseload/core/families/shares';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listShares, ({ auth, params }) => listShares(auth, params.id));
