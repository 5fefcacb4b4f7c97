import { describe, expect, it } from 'vitest';
import { resolveRange } from './list-range.ts';

const now = new Date('2030-06-15T12:00:00.000Z');

describe('list periods', () => {
  it('reads 90 days back and 90 days ahead by default', () => {
    expect(resolveRange({}, now)).toEqual({ from: '2030-03-17T12:00:00.000Z', to: '2030-09-13T12:00:00.000Z' });
  });

  it('takes 180 days after a lone from, or before a lone to', () => {
    expect(resolveRange({ from: '2030-01-01T00:00:00.000Z' }, now)).toEqual({ from: '2030-01-01T00:00:00.000Z', to: '2030-06-30T00:00:00.000Z' });
    expect(resolveRange({ to: '2030-06-30T00:00:00.000Z' }, now)).toEqual({ from: '2030-01-01T00:00:00.000Z', to: '2030-06-30T00:00:00.000Z' });
  });

  it('normalizes offsets to UTC with milliseconds, the form the index sorts', () => {
    expect(resolveRange({ from: '2030-03-02T19:00:00-05:00', to: '2030-03-09T19:00:00-05:00' }, now)).toEqual({
      from: '2030-03-03T00:00:00.000Z',
      to: '2030-03-10T00:00:00.000Z',
    });
  });
});
