import { useEffect, type RefObject } from 'react';

/**
 * Closes an open panel on Escape and, when `inside` is given, on a pointer press outside it.
 * For small disclosures (the mobile menu, the notifications list) that do not need a popover library.
 */
export function useDismiss(
  open: boolean,
  onDismiss: (reason: 'escape' | 'outside') => void,
  inside?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss('escape');
    };
    const onPointerDown = (event: PointerEvent) => {
      if (inside?.current && !inside.current.contains(event.target as Node)) onDismiss('outside');
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, onDismiss, inside]);
}
