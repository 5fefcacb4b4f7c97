import * as routes from '@caseload/contract/manifest';
import { listClientMakeups } from '@caseload/core/minutes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listClientMakeups, ({ auth, params }) => listClientMakeups(auth, params.id));
