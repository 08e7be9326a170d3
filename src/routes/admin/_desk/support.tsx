import { createFileRoute } from '@tanstack/react-router';
import { SupportInboxPage } from '@/features/support/desk-inbox-page';

export const Route = createFileRoute('/admin/_desk/support')({
  component: SupportInboxPage,
});
