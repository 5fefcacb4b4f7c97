/** The notifications feature's public surface (part 4 §8): the list under the header's bell and its unread count. */
export { unreadCount, useNotifications } from './api/notifications.ts';
export { NotificationList } from './components/NotificationList.tsx';
