import { createFileRoute } from '@tanstack/react-router';
import { LineCallbackPage } from '@/features/auth/line-callback-page';

/** LINE's redirect URI (LINE_REDIRECT_URI defaults to PUBLIC_URL + this path). */
export const Route = createFileRoute('/_default/auth/line/callback')({
  component: LineCallbackPage,
});
