import { createFileRoute } from '@tanstack/react-router';
import { AppKeyPage } from '@/features/app-access/app-key-page';

export const Route = createFileRoute('/_default/_auth/_user/user/app-key')({
  component: AppKeyPage,
});
