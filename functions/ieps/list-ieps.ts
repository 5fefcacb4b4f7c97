import * as routes from '@caseload/contract/manifest';
import { listIeps } from '@caseload/core/ieps/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listIeps, ({ auth, params }) => listIeps(auth, params.id));
