import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './url-params.ts';

const inRouter = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/clients?grade=11']}>{children}</MemoryRouter>;

const setting = (key: string, value: string | null) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
};

describe('filters in the URL', () => {
  it('keeps both of two changes made before the screen renders again (a grade cleared, then a status picked)', () => {
    const { result } = renderHook(() => useUrlParams(), { wrapper: inRouter });
    act(() => {
      const [, replace] = result.current;
      replace(setting('grade', null));
      replace(setting('status', 'active'));
    });
    expect(result.current[0].toString()).toBe('status=active');
  });

  it('builds on the rendered params once they show the last change', () => {
    const { result } = renderHook(() => useUrlParams(), { wrapper: inRouter });
    act(() => result.current[1](setting('status', 'active')));
    act(() => result.current[1](setting('org', 'o1')));
    expect(result.current[0].toString()).toBe('grade=11&status=active&org=o1');
  });
});
