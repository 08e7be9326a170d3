import { createFileRoute } from '@tanstack/react-router';
import { OperatorSignInPage } from '@/features/admin/sign-in-page';

export const Route = createFileRoute('/admin/sign-in')({
  component: SignInRoute,
});

function SignInRoute() {
  const search: Record<string, unknown> = Route.useSearch();
  return <OperatorSignInPage redirectTo={search.redirect} />;
}
