import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { AppDialog } from './AppDialog.tsx';

function Scheduling() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Schedule
      </button>
      <AppDialog open={open} onClose={() => undefined} title="Schedule New Session" description="Choose the clients.">
        <p>Body</p>
      </AppDialog>
    </>
  );
}

describe('AppDialog', () => {
  it('stays named and described when the frame after opening comes before its content is in the page (a busy device)', async () => {
    // Zag looks for the title and description one animation frame after opening. Here that frame
    // runs at once and finds no element, as when React has not yet put the content in the page;
    // a frame asked for inside it (a poll) comes a moment later and finds the page as it is.
    const frames: number[] = [];
    let inEarlyFrame = false;
    const frame = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(1);
      if (inEarlyFrame) return Number(setTimeout(() => callback(0), 0));
      inEarlyFrame = true;
      const lookup = vi.spyOn(document, 'getElementById').mockReturnValue(null);
      try {
        callback(0);
      } finally {
        lookup.mockRestore();
        inEarlyFrame = false;
      }
      return frames.length;
    });
    try {
      renderWithProviders(<Scheduling />);
      fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
      const dialog = await screen.findByRole('dialog', { name: 'Schedule New Session' });
      expect(frames.length).toBeGreaterThan(0);
      expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Choose the clients.').id);
    } finally {
      frame.mockRestore();
    }
  });
});
