import { createFileRoute } from '@tanstack/react-router';
import { PayPasswordPage } from '@/features/user/pay-password-page';

export const Route = createFileRoute('/_default/_auth/_user/user/update-pay-password')({
  component: () => <PayPasswordPage intent="change" />,
});
