import * as routes from '@caseload/contract/manifest';
import { listSessionProgress } from '@caseload/core/sessions/documentation';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listSessionProgress, ({ auth, params }) => listSessionProgress(auth, params.id));
