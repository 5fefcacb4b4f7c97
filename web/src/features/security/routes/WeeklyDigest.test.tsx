import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

describe('the weekly digest on the Security page', () => {
  it('shows the saved choice and turns the digest on with PUT /api/user/preferences', async () => {
    let saved = false;
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/user': () => jsonResponse(200, testUser),
      'GET /api/user/preferences': () => jsonResponse(200, { weeklyDigest: saved }),
      'PUT /api/user/preferences': (body) => {
        bodies.push(body);
        saved = (body as { weeklyDigest: boolean }).weeklyDigest;
        return jsonResponse(200, { weeklyDigest: saved });
      },
    });
    renderApp('/security');
    const box = await screen.findByRole('checkbox', { name: 'E-mail me a weekly digest' });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    expect(await screen.findByText('Weekly digest turned on.')).toBeTruthy();
    expect(bodies).toEqual([{ weeklyDigest: true }]);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'E-mail me a weekly digest' }) as HTMLInputElement).checked).toBe(true));
  });

  it('keeps the saved choice and says so when the save fails', async () => {
    mockApi({
      'GET /api/user': () => jsonResponse(200, testUser),
      'PUT /api/user/preferences': () => jsonResponse(503, { message: 'Service unavailable' }),
    });
    renderApp('/security');
    const box = await screen.findByRole('checkbox', { name: 'E-mail me a weekly digest' });
    fireEvent.click(box);
    expect(await screen.findByText('Could not save your choice. Check your connection and try again.')).toBeTruthy();
    // The box shows the saved choice again (the checkbox's state, as assistive technology reads it).
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'E-mail me a weekly digest' }).closest('label')!.getAttribute('data-state')).toBe('unchecked'));
    const again = screen.getByRole('checkbox', { name: 'E-mail me a weekly digest' }) as HTMLInputElement;
    expect(again.checked).toBe(false);
    expect(document.activeElement).toBe(again);
  });
});
