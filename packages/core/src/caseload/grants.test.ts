import type { Permissions } from '@caseload/contract/auth';
import { permissionDefaults, permissionFlags } from '@caseload/contract/enums';
import { describe, expect, it } from 'vitest';
import { exceeds } from './grants.ts';

const perms = (over: Partial<Permissions> = {}): Permissions => ({ ...permissionDefaults, allowedOrganizationIds: [], ...over });
const everything = perms(Object.fromEntries(permissionFlags.map((f) => [f, true])));

describe('exceeds (no escalation)', () => {
  it('lets a holder with every flag and every organization grant anything', () => {
    expect(exceeds(everything, everything, undefined)).toBe(false);
    expect(exceeds(perms({ allowedOrganizationIds: ['o1'] }), everything, undefined)).toBe(false);
  });

  it('refuses any flag the holder lacks, one at a time', () => {
    const holder = perms({ canManageUsers: true });
    for (const flag of permissionFlags) {
      expect(exceeds(perms({ [flag]: true }), holder, undefined)).toBe(!holder[flag]);
    }
  });

  it('refuses "All Organizations" (an empty list) from a holder limited to some', () => {
    const scope = new Set(['o1', 'o2']);
    expect(exceeds(perms({ allowedOrganizationIds: [] }), everything, scope)).toBe(true);
    expect(exceeds(perms({ allowedOrganizationIds: ['o1'] }), everything, scope)).toBe(false);
    expect(exceeds(perms({ allowedOrganizationIds: ['o1', 'o2'] }), everything, scope)).toBe(false);
    expect(exceeds(perms({ allowedOrganizationIds: ['o1', 'o3'] }), everything, scope)).toBe(true);
  });

  it('treats default-off flags as nothing granted', () => {
    expect(exceeds(perms(), perms(), undefined)).toBe(false);
  });
});
