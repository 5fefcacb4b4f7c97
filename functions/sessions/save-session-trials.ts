import * as routes from '@caseload/contract/manifest';
import { saveSessionTrials } from '@caseload/core/sessions/trials';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.saveSessionTrials, ({ auth, params, body }) => saveSessionTrials(auth, params.id, body));
