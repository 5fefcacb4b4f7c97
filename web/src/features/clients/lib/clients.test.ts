import { describe, expect, it } from 'vitest';
import type { Client } from '@caseload/contract/caseload';
import { limitPickList, matchesPickSearch } from './clients.ts';

const at = '2026-03-02T10:00:00.000Z';
const kid = (i: number): Client => ({
  id: `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`,
  firstName: `Kid${i}`,
  lastInitial: 'K',
  status: 'active',
  createdAt: at,
  updatedAt: at,
});
const kids = Array.from({ length: 10 }, (_, i) => kid(i));

describe('pick lists', () => {
  it('draws the first clients up to the limit and counts the rest', () => {
    const { shown, hidden } = limitPickList(kids, [], 4);
    expect(shown.map((c) => c.firstName)).toEqual(['Kid0', 'Kid1', 'Kid2', 'Kid3']);
    expect(hidden).toBe(6);
  });

  it('always draws a ticked client, in its place, within the same limit', () => {
    const { shown, hidden } = limitPickList(kids, [kids[8]!.id], 4);
    expect(shown.map((c) => c.firstName)).toEqual(['Kid0', 'Kid1', 'Kid2', 'Kid8']);
    expect(hidden).toBe(6);
  });

  it('draws every ticked client even beyond the limit', () => {
    const ticked = kids.slice(0, 6).map((c) => c.id);
    expect(limitPickList(kids, ticked, 4)).toMatchObject({ hidden: 4 });
  });

  it('finds a client by name, with or without the period, or by the start of its id', () => {
    expect(matchesPickSearch(kid(7), 'kid7 k.')).toBe(true);
    expect(matchesPickSearch(kid(7), ' KID7 ')).toBe(true);
    expect(matchesPickSearch(kid(7), '00000007')).toBe(true);
    expect(matchesPickSearch(kid(7), 'kid8')).toBe(false);
    expect(matchesPickSearch(kid(7), '')).toBe(true);
  });
});
