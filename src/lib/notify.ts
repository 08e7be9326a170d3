import { notifications } from '@mantine/notifications';
import { toastDurationMs } from '@/lib/api-client';

/** A short confirmation toast (docs/requirements.md §9: toasts show for 2000 ms). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: toastDurationMs });
}
