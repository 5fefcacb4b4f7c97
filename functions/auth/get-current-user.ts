import * as routes from '@caseload/contract/manifest';
import { currentUser } from '@caseload/core/auth/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getCurrentUser, ({ auth }) => currentUser(auth));
