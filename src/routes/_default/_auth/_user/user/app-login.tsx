import { createFileRoute } from '@tanstack/react-router';
import { AppLoginPage } from '@/features/app-access/app-login-page';

export const Route = createFileRoute('/_default/_auth/_user/user/app-login')({
  component: AppLoginPage,
});
