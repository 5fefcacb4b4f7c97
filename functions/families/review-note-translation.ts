import * as routes from '@caseload/contract/manifest';
import { reviewTranslation } from '@caseload/core/families/translations';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.reviewNoteTranslation, ({ auth, params, body }) => reviewTranslation(auth, params.id, params.language, body.text));
