import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToQuery, frequencyLabel, hasFilters, noFilters, withFilters } from './clients.ts';

const org = '11111111-1111-4111-8111-111111111111';

describe('client filters in the URL', () => {
  it('reads the filters a link carries, and ignores values the server would refuse', () => {
    const params = new URLSearchParams({ search: 'Emma S', status: 'inactive', gradeLevel: '2', organizationId: org, assignedTo: 'all' });
    expect(filtersFromParams(params)).toEqual({ search: 'Emma S', status: 'inactive', gradeLevel: '2', organizationId: org });
    expect(filtersFromParams(new URLSearchParams({ status: 'gone', gradeLevel: '13', organizationId: 'none' }))).toEqual(noFilters);
  });

  it('writes only the filters in use, keeps the other parameters and the search as typed', () => {
    const next = withFilters(new URLSearchParams({ assignedTo: 'me', status: 'active' }), { ...noFilters, search: 'Emma ', gradeLevel: 'K' });
    expect(next.toString()).toBe('assignedTo=me&search=Emma+&gradeLevel=K');
    expect(withFilters(next, { ...noFilters, search: '  ' }).toString()).toBe('assignedTo=me');
  });

  it('sends the server the filters in use, the search trimmed', () => {
    expect(filtersToQuery({ ...noFilters, search: ' Emma S ', status: 'active' }, 'me')).toEqual({ assignedTo: 'me', status: 'active', search: 'Emma S' });
    expect(filtersToQuery(noFilters, 'all')).toEqual({ assignedTo: 'all' });
    expect(hasFilters(noFilters)).toBe(false);
    expect(hasFilters({ ...noFilters, organizationId: org })).toBe(true);
  });
});

describe('frequency', () => {
  it("reads 'N times per week', in the singular for one, and a dash when empty", () => {
    expect(frequencyLabel(1)).toBe('1 time per week');
    expect(frequencyLabel(3)).toBe('3 times per week');
    expect(frequencyLabel(undefined)).toBe('—');
  });
});
