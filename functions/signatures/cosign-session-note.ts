import * as routes from '@caseload/contract/manifest';
import { cosignSessionNote } from '@caseload/core/signatures/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.cosignSessionNote, ({ auth, params, body }) => cosignSessionNote(auth, params.id, body.clientId));
