import * as routes from '@caseload/contract/manifest';
import { discover } from '@caseload/core/sso/discover';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.discoverSso, ({ query }) => discover(query.email));
