import { createFileRoute } from '@tanstack/react-router';
import { AppSignInPage } from '@/features/app-access/app-sign-in-page';

/** The installed app's sign-in with the QR code a signed-in device shows (docs/requirements.md §14.6). */
export const Route = createFileRoute('/_default/app-sign-in')({
  component: AppSignInPage,
});
