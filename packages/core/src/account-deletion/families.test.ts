import { describe, expect, it } from 'vitest';
import { familyKeys, fileKeys, keys } from '../keys.ts';
import { accountFilePlaces, deletionStepOf, familyDeletionStepOf } from './families.ts';

describe('what the deletion of a district reaches', () => {
  it('names a deletion step for every key builder, so a new key family cannot ship without one', () => {
    expect(Object.keys(deletionStepOf).sort()).toEqual(Object.keys(keys).sort());
    expect(Object.keys(familyDeletionStepOf).sort()).toEqual(Object.keys(familyKeys).sort());
  });

  it('keeps only the certificate, which lies outside the account', () => {
    const kept = Object.entries(deletionStepOf).filter(([, step]) => step === 'kept').map(([name]) => name);
    expect(kept).toEqual(['deletionCertificate']);
    expect(keys.deletionCertificate('a1').PK.startsWith('ACCT#')).toBe(false);
  });

  it('places every file family of an account under the prefix the deletion empties', () => {
    expect(Object.keys(accountFilePlaces).sort()).toEqual(Object.keys(fileKeys).sort());
    for (const [family, build] of Object.entries(fileKeys)) {
      const place = accountFilePlaces[family as keyof typeof fileKeys];
      expect(build('acct-1', 'id-2').startsWith(place.s3Prefix('acct-1')), family).toBe(true);
    }
  });
});
