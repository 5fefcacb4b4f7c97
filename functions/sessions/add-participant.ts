import { routes } from '@caseload/contract/manifest';
import { createHandler, notImplemented } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.addParticipant, notImplemented);
