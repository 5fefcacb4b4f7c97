import * as routes from '@caseload/contract/manifest';
import { draftTranslation } from '@caseload/core/families/draft-translation';
import { createHandler, reply } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.createNoteTranslation, async ({ auth, params, body }) =>
  reply({ status: 201, body: await draftTranslation(auth, params.id, body.language, body.text) }),
);
