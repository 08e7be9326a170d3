import { isSettled, isSignedIn } from '@machines/session.machine';
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { RouterContext } from '@/app/router-context';
import { homePathOf } from './home-page';

interface GuardOptions {
  context: RouterContext;
  location: { href: string };
  preload: boolean;
}

/** The session actor (started on first need) and its snapshot once it has settled. */
async function settledSession(context: RouterContext) {
  const session = await context.session.actor();
  return { session, snapshot: await waitFor(session, isSettled) };
}

/**
 * beforeLoad of every protected route (docs/requirements.md §2, route guard): waits for the session to
 * settle; a failed profile load goes to the login route keeping the target; without a session the
 * sign-in dialog opens and the navigation is cancelled (the user stays where they were, or lands on
 * home on a first load) until sign-in continues it.
 */
export async function requireAuth({ context, location, preload }: GuardOptions): Promise<void> {
  const { session, snapshot } = await settledSession(context);
  if (isSignedIn(snapshot)) return;
  if (preload) throw redirect({ to: '/' });
  if (snapshot.context.profileLoadFailed) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
  session.send({ type: 'authDialog.show', view: 'login', target: location.href });
  throw redirect({ href: context.currentHref() ?? '/', replace: true });
}

/** beforeLoad of the login route: signed-in users go to their home page, others get the dialog. */
export async function redirectIfSignedIn({
  context,
  search,
  preload,
}: {
  context: RouterContext;
  search: { redirect?: string };
  preload: boolean;
}): Promise<void> {
  const { session, snapshot } = await settledSession(context);
  if (isSignedIn(snapshot)) throw redirect({ to: homePathOf(snapshot.context.homePage) });
  if (!preload) session.send({ type: 'authDialog.show', view: 'login', target: search.redirect ?? null });
}
