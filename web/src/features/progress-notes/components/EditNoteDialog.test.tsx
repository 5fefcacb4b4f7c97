import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, testUser } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { note } from '../test/fixtures.ts';
import { EditNoteDialog } from './EditNoteDialog.tsx';

describe('edit note dialog', () => {
  it('shows a delivered note read-only (no editor, no Save), saying why', async () => {
    mockApi({ 'GET /api/user': () => jsonResponse(200, testUser) });
    const delivered = note(1, { status: 'delivered', content: '<p>Maya met her goal.</p>' });
    renderWithProviders(<EditNoteDialog item={{ note: delivered, clientName: 'Maya R.', organizationId: undefined, text: 'Maya met her goal.' }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Progress Note - Maya R.' });
    expect(within(dialog).getByText('This note was delivered; its content can no longer be changed.')).toBeTruthy();
    expect(within(dialog).getByText('Maya met her goal.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });
});
