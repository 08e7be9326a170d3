import { createFileRoute } from '@tanstack/react-router';
import { SupportInboxPage } from '@/features/admin/support-inbox-page';

export const Route = createFileRoute('/admin/_desk/support')({
  component: SupportInboxPage,
});
