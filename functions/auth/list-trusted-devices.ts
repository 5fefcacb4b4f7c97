import * as routes from '@caseload/contract/manifest';
import { listTrustedDevices } from '@caseload/core/auth/trusted-devices';
import { createHandler } from '@caseload/pipeline/pipeline';

export const handler = createHandler(routes.listTrustedDevices, ({ auth }) => listTrustedDevices(auth));
