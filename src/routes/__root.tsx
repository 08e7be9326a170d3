import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/page-loader';
import { isDeskPath } from '@/lib/surfaces';
import type { RouterContext } from '../app/router-context';
import { NotFoundPage } from '../features/layout/not-found-page';
import { useRequestedOnce } from '../features/layout/use-requested-once';
import { PushChannel } from '../features/push/push-channel';
import { useAuthDialog } from '../features/session/use-session';

// The auth dialog (and the forms it will hold) loads the first time it opens, not with every page.
const AuthDialog = lazy(() =>
  import('../features/auth/auth-dialog').then((module) => ({ default: module.AuthDialog })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  const onDesk = useRouterState({ select: (state) => isDeskPath(state.location.pathname) });
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      {!onDesk && (
        <>
          <AuthDialogOnDemand />
          <PushChannel />
        </>
      )}
    </>
  );
}

function AuthDialogOnDemand() {
  const { open } = useAuthDialog();
  const requested = useRequestedOnce(open);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
