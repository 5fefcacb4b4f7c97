import { describe, expect, it } from 'vitest';
import { id } from '@caseload/contract/common';
import { acct, fileKeys, keys, rosterEntryId, rosterNameSortKey, sortKeys } from '../keys.ts';
import { gradeOf, isDisabled, isToBeDeleted, kindOfRole, studentFields } from './mapping.ts';

describe('roster keys', () => {
  it('keeps imports and entries, and both roster indexes, under ACCT#<accountId>', () => {
    const a = 'a1';
    const index = keys.rosterEntryByName(a, 'o1', rosterNameSortKey('Zoë', 'B', 'e1'));
    for (const k of [keys.rosterImport(a, 'i').PK, keys.rosterEntry(a, 'e').PK, index.GSI1PK, index.GSI2PK]) expect(k?.startsWith(acct(a))).toBe(true);
    // An entry without a school is in the district's index only.
    expect(keys.rosterEntryByName(a, undefined, 'x')).toEqual({ GSI1PK: `${acct(a)}#ROSTERNAME`, GSI1SK: 'x' });
    expect(fileKeys.rosterUpload(a, 'i')).toBe('roster-uploads/a1/i.zip');
  });

  it('derives one valid id per account and sourcedId, different across accounts', () => {
    const one = rosterEntryId('a1', 'stu-1');
    expect(rosterEntryId('a1', 'stu-1')).toBe(one);
    expect(rosterEntryId('a2', 'stu-1')).not.toBe(one);
    expect(rosterEntryId('a1', 'stu-2')).not.toBe(one);
    expect(id.safeParse(one).success).toBe(true);
  });

  it('orders and searches names as the client keys do (accents folded, case ignored)', () => {
    expect(rosterNameSortKey('José', 'Á', 'e1')).toBe('ROSTER#jose a#e1');
    expect(rosterNameSortKey('José', 'Á', 'e1').startsWith(sortKeys.rosterNamePrefix('JOSE'))).toBe(true);
  });
});

describe('the §3 mapping', () => {
  it('maps grades: PK, KG, 01–12; anything else is no grade', () => {
    expect(gradeOf(['PK'])).toBe('PreK');
    expect(gradeOf(['KG', '01'])).toBe('K');
    expect(gradeOf(['09'])).toBe('9');
    expect(gradeOf(['12'])).toBe('12');
    for (const other of [['13'], ['1'], ['Other'], []]) expect(gradeOf(other)).toBeUndefined();
  });

  it('keeps only the first name (preferred first) and the last initial of a student, never the rest', () => {
    const row = { givenName: 'Katherine', preferredGivenName: 'Kate', familyName: 'Lopez', middleName: 'Ann', email: 'k@kids.test', password: 'pw', phone: '555', sms: '556', grades: '03' };
    expect(studentFields(row)).toEqual({ firstName: 'Kate', lastInitial: 'L', gradeLevel: '3' });
    expect(studentFields({ givenName: 'Иван', familyName: 'жуков' })).toEqual({ firstName: 'Иван', lastInitial: 'Ж', gradeLevel: undefined });
    expect(studentFields({ givenName: 'A', preferredLastName: 'zed', familyName: 'Young' })).toMatchObject({ lastInitial: 'Z' });
    expect(studentFields({ givenName: '', familyName: 'X' })).toHaveProperty('error');
    expect(studentFields({ givenName: 'A', familyName: '1st' })).toHaveProperty('error');
    expect(studentFields({ givenName: 'A\u202eB', familyName: 'X' })).toHaveProperty('error');
  });

  it('sorts roles into students, staff and ignored rows, and reads enabledUser and tobedeleted', () => {
    expect(kindOfRole('student')).toBe('student');
    for (const r of ['teacher', 'aide', 'siteAdministrator', 'districtAdministrator', 'Principal']) expect(kindOfRole(r)).toBe('staff');
    for (const r of ['guardian', 'parent', 'relative']) expect(kindOfRole(r)).toBe('ignored');
    expect(kindOfRole('wizard')).toBe('unknown');
    expect(isDisabled({ enabledUser: 'FALSE' })).toBe(true);
    expect(isDisabled({ enabledUser: 'true' })).toBe(false);
    expect(isToBeDeleted({ status: 'tobedeleted' })).toBe(true);
  });
});
