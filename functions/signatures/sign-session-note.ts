import * as routes from '@caseload/contract/manifest';
import { signSessionNote } from '@caseload/core/signatures/service';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.signSessionNote, ({ auth, params, body }) => signSessionNote(auth, params.id, body.clientId));
