import { redirect } from '@tanstack/react-router';
import { readOperatorSession } from './operator-session';

/** beforeLoad of the desk's pages: without an operator session, to the desk's sign-in, keeping the target. */
export function requireOperator(location: { href: string }): void {
  if (readOperatorSession()) return;
  throw redirect({ to: '/admin/sign-in', search: { redirect: location.href } });
}

/** Where a signed-in operator goes: the page they asked for if it is on the desk, else the overview. */
export function deskTarget(redirectTo: unknown): string {
  if (typeof redirectTo !== 'string') return '/admin';
  const isDeskPath = redirectTo === '/admin' || redirectTo.startsWith('/admin/') || redirectTo.startsWith('/admin?');
  return isDeskPath && !redirectTo.startsWith('/admin/sign-in') ? redirectTo : '/admin';
}
