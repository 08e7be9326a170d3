import { createFileRoute } from '@tanstack/react-router';
import { NoticesPage } from '@/features/content/desk-notices-page';

export const Route = createFileRoute('/admin/_desk/notices')({
  component: NoticesPage,
});
