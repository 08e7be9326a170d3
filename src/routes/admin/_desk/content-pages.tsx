import { createFileRoute } from '@tanstack/react-router';
import { ContentPagesPage } from '@/features/content/desk-pages-page';

export const Route = createFileRoute('/admin/_desk/content-pages')({
  component: ContentPagesPage,
});
