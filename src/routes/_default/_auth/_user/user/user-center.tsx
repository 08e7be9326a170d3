import { createFileRoute } from '@tanstack/react-router';
import { UserCenterPage } from '@/features/user/user-center-page';

export const Route = createFileRoute('/_default/_auth/_user/user/user-center')({
  component: UserCenterPage,
});
