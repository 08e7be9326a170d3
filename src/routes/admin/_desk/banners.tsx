import { createFileRoute } from '@tanstack/react-router';
import { BannersPage } from '@/features/content/desk-banners-page';

export const Route = createFileRoute('/admin/_desk/banners')({
  component: BannersPage,
});
