import { describe, expect, it } from 'vitest';
import { clientNameSortKey, keys, normalizeName, sortKeys } from './keys.ts';

describe('client name keys', () => {
  it('normalizes names: compatibility forms, accents and case aside, single spaces', () => {
    expect(normalizeName('  José ')).toBe('jose');
    expect(normalizeName('Jose\u0301')).toBe('jose');
    expect(normalizeName('ÉMILE  R')).toBe('emile r');
    expect(normalizeName('ﬁona')).toBe('fiona');
    expect(normalizeName('Zoë')).toBe('zoe');
  });

  it('orders by first name, then last initial, then id, and a search prefix matches "First L"', () => {
    const maya = clientNameSortKey('Maya', 'R', 'id-1');
    expect(maya).toBe('CLIENT#maya r#id-1');
    expect(maya.startsWith(sortKeys.clientNamePrefix('MA'))).toBe(true);
    expect(maya.startsWith(sortKeys.clientNamePrefix('maya r'))).toBe(true);
    expect(maya.startsWith(sortKeys.clientNamePrefix('maya s'))).toBe(false);
    expect(clientNameSortKey('José', 'Q', 'x').startsWith(sortKeys.clientNamePrefix('jose'))).toBe(true);
    expect(sortKeys.clientNamePrefix()).toBe('CLIENT#');
    const sorted = [clientNameSortKey('Mayab', 'A', 'c'), clientNameSortKey('Maya', 'S', 'b'), clientNameSortKey('Maya', 'R', 'z'), clientNameSortKey('Maya', 'R', 'a')].sort();
    expect(sorted).toEqual(['CLIENT#maya r#a', 'CLIENT#maya r#z', 'CLIENT#maya s#b', 'CLIENT#mayab a#c']);
    expect(sortKeys.clientIdOfNameKey(maya)).toBe('id-1');
  });

  it('keeps every name index and caseload partition inside the tenant', () => {
    const sk = clientNameSortKey('Ava', 'B', 'c1');
    expect(keys.clientByName('a1', 'o1', sk)).toEqual({ GSI1PK: 'ACCT#a1#CLIENTNAME', GSI1SK: sk, GSI2PK: 'ACCT#a1#ORG#o1#CLIENTNAME', GSI2SK: sk });
    expect(keys.clientByName('a1', undefined, sk)).toEqual({ GSI1PK: 'ACCT#a1#CLIENTNAME', GSI1SK: sk });
    expect(keys.clientsByName('a1')).toBe('ACCT#a1#CLIENTNAME');
    expect(keys.organizationClientsByName('a1', 'o1')).toBe('ACCT#a1#ORG#o1#CLIENTNAME');
    expect(keys.caseloadEntry('a1', 'u1', sk)).toEqual({ PK: 'ACCT#a1#CLIN#u1', SK: sk });
    expect(keys.caseload('a1', 'u1')).toBe('ACCT#a1#CLIN#u1');
  });
});
