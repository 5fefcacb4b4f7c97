import { createToaster } from '@chakra-ui/react';

/** Only one toast at a time. */
export const toaster = createToaster({ placement: 'top-end', max: 1, pauseOnPageIdle: true });

interface Notice {
  title: string;
  description?: string;
}

/**
 * Replaces whatever toast is showing, so the newest outcome is the one the user reads. remove()
 * rather than dismiss(): a dismissed toast keeps the single slot until its exit animation ends,
 * and never frees it if the (lazily loaded) Toaster is not mounted yet. The toast is created in a
 * microtask: an outcome is often announced from an effect, and the toast machine flushes React
 * synchronously, which React refuses while it is still committing.
 */
function show(type: 'success' | 'warning' | 'error', notice: Notice) {
  queueMicrotask(() => {
    toaster.remove();
    toaster.create({ ...notice, type, closable: true });
  });
}

export const notify = {
  success: (notice: Notice) => show('success', notice),
  warning: (notice: Notice) => show('warning', notice),
  error: (notice: Notice) => show('error', notice),
};
