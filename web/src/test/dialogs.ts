import { screen, waitFor } from '@testing-library/react';

/**
 * A dialog found once it is modal. Zag hides everything outside an opened dialog one animation
 * frame after it opens; a dialog opened from it before that frame (a test clicks faster than any
 * hand, and a loaded machine delays the frame) is then hidden by it, and its buttons never reach
 * the accessibility tree. Tests that open a dialog from a dialog find the first one with this.
 */
export async function findModalDialog(name: string, role: 'dialog' | 'alertdialog' = 'dialog'): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { name });
  await waitFor(() => {
    const outside = [...document.body.children].filter((child) => !child.contains(dialog));
    if (!outside.some((child) => child.getAttribute('aria-hidden') === 'true')) throw new Error(`The dialog "${name}" is not modal yet`);
  });
  return dialog;
}
