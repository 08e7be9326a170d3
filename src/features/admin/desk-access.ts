import type { OperatorRole } from '@contract/admin-roles';
import type { Endpoint } from '@contract/endpoint';
import { useOperatorSession } from './operator-session';

/** Whether an operator with these roles may make this desk call: the server refuses the others. */
export function deskAllows(roles: readonly OperatorRole[], endpoint: Endpoint): boolean {
  return endpoint.access === 'admin' && endpoint.roles.some((role) => roles.includes(role));
}

/** Whether the signed-in operator may make this call, so the desk offers only what it can do. */
export function useDeskAllows(endpoint: Endpoint): boolean {
  const session = useOperatorSession();
  return session !== null && deskAllows(session.roles, endpoint);
}
