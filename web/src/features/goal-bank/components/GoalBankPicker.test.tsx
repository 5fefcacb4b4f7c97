import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GoalTemplate } from '@caseload/contract/goal-bank';
import { jsonResponse, testUser } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockRoutes } from '../../../test/server.ts';
import { GoalBankPicker } from './GoalBankPicker.tsx';
import { findModalDialog } from '../../../test/dialogs.ts';

const ownId = '99999999-9999-4999-8999-000000000001';
const own: GoalTemplate = {
  id: ownId,
  source: 'account',
  name: 'District /r/ goal',
  type: 'articulation',
  description: '[student] will produce vocalic /r/.',
  targetCriteria: '90% accuracy across 2 consecutive sessions',
};
const builtIn: GoalTemplate = {
  id: 'voice-03',
  source: 'caseload',
  name: 'Replacing throat clearing',
  type: 'voice',
  description: '[student] will use a hard swallow instead of clearing their throat.',
  targetCriteria: '80% of observed opportunities across 3 consecutive sessions',
};

/** The picker over a bank holding `own` and `builtIn` (or answering `bank`), deletes answered by `remove`. */
function openPicker({ bank, remove, canManage = true }: { bank?: () => Response; remove?: () => Response; canManage?: boolean } = {}) {
  let templates = [own, builtIn];
  const calls: string[] = [];
  mockRoutes({
    'GET /api/user': () => jsonResponse(200, testUser),
    'GET /api/goal-bank': () => bank?.() ?? jsonResponse(200, templates),
    [`DELETE /api/goal-bank/${ownId}`]: () => {
      calls.push('delete');
      templates = templates.filter((t) => t.id !== ownId);
      return remove?.() ?? jsonResponse(200, { ok: true });
    },
  });
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<GoalBankPicker open onClose={onClose} onChoose={onChoose} canManage={canManage} />);
  return { calls, onChoose, onClose };
}

describe('the goal bank picker', () => {
  it('hands the chosen template to the form and closes', async () => {
    const { onChoose, onClose } = openPicker();
    fireEvent.click(await screen.findByRole('button', { name: 'Use template Replacing throat clearing' }));
    expect(onChoose).toHaveBeenCalledWith(builtIn);
    expect(onClose).toHaveBeenCalled();
  });

  it("asks before deleting one of the account's templates, then lists the bank without it", async () => {
    const { calls } = openPicker();
    const picker = await findModalDialog('Goal bank');
    await within(picker).findByRole('heading', { name: 'District /r/ goal' });
    // Only the account's own templates can be deleted.
    expect(within(picker).getAllByRole('button', { name: /^Delete template/ })).toHaveLength(1);
    fireEvent.click(within(picker).getByRole('button', { name: 'Delete template District /r/ goal' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Template' });
    expect(calls).not.toContain('delete');
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The template has been removed from the goal bank.')).toBeTruthy();
    await waitFor(() => expect(within(picker).queryByRole('heading', { name: 'District /r/ goal' })).toBeNull());
    expect(calls.filter((c) => c === 'delete')).toHaveLength(1);
  });

  it('keeps the template and says why when the server refuses the delete', async () => {
    openPicker({ remove: () => jsonResponse(404, { message: 'Goal template not found' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete template District /r/ goal' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Delete Template' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Goal template not found')).toBeTruthy();
  });

  it('shows no delete button without canManageGoals', async () => {
    openPicker({ canManage: false });
    await screen.findByRole('heading', { name: 'District /r/ goal' });
    expect(screen.queryByRole('button', { name: /^Delete template/ })).toBeNull();
  });

  it('says when nothing matches, and offers to try again after a failed read', async () => {
    let fail = true;
    openPicker({ bank: () => (fail ? jsonResponse(500, { message: 'Internal server error' }) : jsonResponse(200, [])) });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Could not load the goal bank.')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No templates match your search.')).toBeTruthy();
  });
});
