import * as routes from '@caseload/contract/manifest';
import { getMinutesSummary } from '@caseload/core/minutes/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getMinutesSummary, ({ auth, query }) => getMinutesSummary(auth, query));
