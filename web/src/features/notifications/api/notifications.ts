/** The signed-in user's notifications (part 4 §8): polled gently while the app is open, marked read when followed. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Notification } from '@caseload/contract/notifications';
import { api, apiQuery } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Reminders change a few times a day: a minute between polls, none while the tab is hidden. */
export const NOTIFICATIONS_POLL_MS = 60_000;

const notificationsQuery = apiQuery('listNotifications');

export function useNotifications() {
  return useQuery({ ...notificationsQuery, staleTime: NOTIFICATIONS_POLL_MS, refetchInterval: NOTIFICATIONS_POLL_MS, refetchIntervalInBackground: false });
}

export const unreadCount = (list: readonly Notification[] | undefined) => list?.filter((n) => !n.read).length ?? 0;

/** Marks notifications read, showing them read at once (the list is the server's again after the answer). */
export function useMarkRead() {
  return useMutation({
    mutationFn: (ids: string[]) => api('markNotificationsRead', { body: { ids } }),
    onMutate: (ids) => {
      queryClient.setQueryData<Notification[]>(notificationsQuery.queryKey, (list) => list?.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}
