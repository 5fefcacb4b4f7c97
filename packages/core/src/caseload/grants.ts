import type { Permissions } from '@caseload/contract/auth';
import { permissionFlags } from '@caseload/contract/enums';

/**
 * Whether `wanted` holds anything `holder` does not: a flag it lacks, or organizations outside its
 * scope. An empty allowedOrganizationIds means all organizations, so a holder limited to some
 * organizations never covers an empty list. `holderScope` undefined means the holder sees all
 * (an owner, or a child given "All Organizations").
 */
export function exceeds(wanted: Permissions, holder: Permissions, holderScope: ReadonlySet<string> | undefined): boolean {
  if (permissionFlags.some((flag) => wanted[flag] && !holder[flag])) return true;
  if (!holderScope) return false;
  const orgs = wanted.allowedOrganizationIds;
  return orgs.length === 0 || orgs.some((id) => !holderScope.has(id));
}
