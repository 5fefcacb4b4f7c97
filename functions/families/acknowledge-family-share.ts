import * as routes from '@caseload/contract/manifest';
import { acknowledgeShare } from '@caseload/core/families/visits';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.acknowledgeFamilyShare, ({ family, body }) => acknowledgeShare(family, body.name));
