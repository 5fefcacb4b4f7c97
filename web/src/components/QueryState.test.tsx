import { Skeleton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { QueryState } from './QueryState.tsx';

interface HarnessProps {
  fetchNames: () => Promise<string[]>;
  placeholder?: ReactElement;
  error?: string | ReactElement;
  retry?: boolean;
}

/** A real react-query result (no retries, so a failure shows at once) in QueryState, with its status alongside. */
function Harness({ fetchNames, placeholder, error = 'Could not load the names.', retry }: HarnessProps) {
  const names = useQuery({ queryKey: ['query-state-test'], queryFn: fetchNames, retry: false });
  return (
    <>
      <span data-testid="query-status">{names.status}</span>
      <button type="button" onClick={() => void names.refetch()}>
        Refetch
      </button>
      <QueryState
        query={names}
        loading="Loading names"
        placeholder={placeholder}
        error={error}
        retry={retry}
        isEmpty={(list) => list.length === 0}
        empty="No names yet."
      >
        {(list) => (
          <ul aria-label="Names">
            {list.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

/** A fetch the test answers when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('QueryState', () => {
  it('shows the loading text as a status, then the data', async () => {
    const answer = deferred<string[]>();
    renderWithProviders(<Harness fetchNames={() => answer.promise} />);
    expect((await screen.findByRole('status', { name: 'Loading names' })).textContent).toBe('Loading names');

    answer.resolve(['Ava', 'Ben']);
    const list = await screen.findByRole('list', { name: 'Names' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ava', 'Ben']);
    expect(screen.queryByRole('status', { name: 'Loading names' })).toBeNull();
  });

  it('names a placeholder by the loading text', async () => {
    renderWithProviders(<Harness fetchNames={() => new Promise(() => undefined)} placeholder={<Skeleton height="10" data-testid="skeleton" />} />);
    const status = await screen.findByRole('status', { name: 'Loading names' });
    expect(within(status).getByTestId('skeleton')).toBeTruthy();
    expect(status.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty text when the data is empty', async () => {
    renderWithProviders(<Harness fetchNames={() => Promise.resolve([])} />);
    expect(await screen.findByText('No names yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Names' })).toBeNull();
  });

  it('shows the error as an alert and offers no retry unless asked', async () => {
    renderWithProviders(<Harness fetchNames={() => Promise.reject(new Error('offline'))} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not load the names.');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('retries from the error and then shows the data', async () => {
    const fetchNames = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(['Ava']);
    renderWithProviders(<Harness fetchNames={fetchNames} retry />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the names.')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveProperty('textContent', 'Ava');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchNames).toHaveBeenCalledTimes(2);
  });

  it('shows an error view of its own in place of the text', async () => {
    renderWithProviders(<Harness fetchNames={() => Promise.reject(new Error('gone'))} error={<h1>Names Not Found</h1>} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Names Not Found' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps showing the data when a background refetch fails', async () => {
    const fetchNames = vi.fn<() => Promise<string[]>>().mockResolvedValueOnce(['Ava']).mockRejectedValueOnce(new Error('offline'));
    renderWithProviders(<Harness fetchNames={fetchNames} retry />);
    expect(await screen.findByRole('listitem')).toHaveProperty('textContent', 'Ava');

    fireEvent.click(screen.getByRole('button', { name: 'Refetch' }));
    await waitFor(() => expect(screen.getByTestId('query-status').textContent).toBe('error'));
    expect(screen.getByRole('listitem').textContent).toBe('Ava');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
