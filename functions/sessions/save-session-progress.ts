import * as routes from '@caseload/contract/manifest';
import { saveSessionProgress } from '@caseload/core/sessions/documentation';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveSessionProgress, ({ auth, params, body }) => saveSessionProgress(auth, params.id, body));
