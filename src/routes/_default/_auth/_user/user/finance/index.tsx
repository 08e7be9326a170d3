import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_default/_auth/_user/user/finance/')({
  beforeLoad: () => {
    throw redirect({ to: '/user/finance/deposit', replace: true });
  },
});
