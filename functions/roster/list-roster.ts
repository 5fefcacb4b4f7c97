import * as routes from '@caseload/contract/manifest';
import { listRoster } from '@caseload/core/roster/list';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listRoster, ({ auth, query }) => listRoster(auth, query));
