import * as routes from '@caseload/contract/manifest';
import { revokeShare } from '@caseload/core/families/shares';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.revokeShare, ({ auth, params }) => revokeShare(auth, params.id, params.shareId));
