import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { useRequestedOnce } from './use-requested-once';

const NotificationsContainer = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.NotificationsContainer })),
);

/**
 * The toast container loads with the first toast, not with every page: toasts shown before it
 * arrives wait in the notifications store and appear once it mounts.
 */
export function NotificationsOnDemand({ autoClose }: { autoClose: number }) {
  const { notifications, queue } = useNotifications();
  const needed = useRequestedOnce(notifications.length + queue.length > 0);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer autoClose={autoClose} />
    </Suspense>
  );
}
