import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ExportJob } from '@caseload/contract/exports';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EXPORT_JOB_POLL_MS } from '../api/exports.ts';
import { ExportJobProgress } from './ExportJobProgress.tsx';

const running: ExportJob = { id: '7c0f6c1e-4f0a-4d5e-9a51-2f3b8c9d0e1f', kind: 'serviceLog', status: 'running', progress: 0, rows: 0, fileName: 'service-log-2026-08-01-to-2026-08-31.csv' };

/** Answers GET /api/exports/{id} with `polls` in turn (the last repeats). */
function show(polls: (() => Response)[], onRetry = () => undefined) {
  const fetchMock = mockFetch(({ url, method }) => {
    if (url === `/api/exports/${running.id}` && method === 'GET') return (polls.length > 1 ? polls.shift()! : polls[0]!)();
    return new Promise<Response>(() => undefined);
  });
  renderWithProviders(<ExportJobProgress job={running} onRetry={onRetry} retrying={false} />);
  return fetchMock;
}

describe('A whole-district export', { timeout: 20_000 }, () => {
  it('shows its progress as a labelled bar, polls it, then offers the file, and stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const fetchMock = show([
      () => jsonResponse(200, { ...running, progress: 40, rows: 2100 }),
      () => jsonResponse(200, { ...running, status: 'done', progress: 100, rows: 5200, downloadUrl: `/api/exports/${running.id}/file` }),
    ]);
    const bar = await screen.findByRole('progressbar', { name: 'Preparing export' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Preparing export: 0%')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_JOB_POLL_MS));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(bar.getAttribute('aria-valuetext')).toBe('40%');
    expect(screen.getByText('Preparing export: 40%')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(EXPORT_JOB_POLL_MS));
    const link = await screen.findByRole('link', { name: `Download ${running.fileName}` });
    expect(link.getAttribute('href')).toBe(`/api/exports/${running.id}/file`);
    expect(link.getAttribute('download')).toBe(running.fileName);
    expect(screen.getByText('Export ready · 5,200 rows')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const polls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/exports/')).length;
    const seen = polls();
    await act(() => vi.advanceTimersByTimeAsync(5 * EXPORT_JOB_POLL_MS));
    expect(polls()).toBe(seen);
  });

  it('says in words when the job failed, and Try again starts it anew', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const onRetry = vi.fn();
    show([() => jsonResponse(200, { ...running, status: 'failed', progress: 30 })], onRetry);
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_JOB_POLL_MS));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The export did not finish.');
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
