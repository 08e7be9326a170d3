import { Notifications } from '@mantine/notifications';

/** Its own module so the toast container can be split from the toast store that every call uses. */
export function NotificationsContainer({ autoClose }: { autoClose: number }) {
  return <Notifications autoClose={autoClose} position="top-center" />;
}
