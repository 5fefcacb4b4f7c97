import * as routes from '@caseload/contract/manifest';
import { getPendingSignatures } from '@caseload/core/signatures/pending';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.getPendingSignatures, ({ auth }) => getPendingSignatures(auth));
