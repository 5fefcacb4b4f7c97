import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionNotePdfLink } from '../index.ts';

const SESSION = '00000000-0000-4000-8000-0000000000a1';
const CLIENT = '00000000-0000-4000-8000-000000000001';

function spyDownloads() {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:note';
  });
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { saved, names };
}

describe('SessionNotePdfLink', () => {
  it("downloads the student's note of the session as a PDF, under the name it is given", async () => {
    const fetchMock = mockFetch(() => new Response('%PDF-1.4\n%%EOF\n', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const { saved, names } = spyDownloads();
    renderWithProviders(<SessionNotePdfLink sessionId={SESSION} clientId={CLIENT} fileName="session-note-ava-m-2026-03-04.pdf" />);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(names).toEqual(['session-note-ava-m-2026-03-04.pdf']));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([`/api/sessions/${SESSION}/notes/${CLIENT}/pdf`]);
    expect((await saved[0]!.text()).startsWith('%PDF-1.4')).toBe(true);
  });

  it('says so when the note cannot be downloaded, and saves nothing', async () => {
    mockFetch(() => jsonResponse(404, { message: 'Session note not found' }));
    const { names } = spyDownloads();
    renderWithProviders(<SessionNotePdfLink sessionId={SESSION} clientId={CLIENT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(screen.getByText('Session note not found')).toBeTruthy();
    expect(names).toEqual([]);
  });
});
