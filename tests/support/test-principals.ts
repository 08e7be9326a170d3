import type { Endpoint } from '@contract/endpoint';
import { createApp } from '@server/app';
import type { AppEnv, Principal } from '@server/contract-router';
import type { Hono } from 'hono';
import type { TestServer } from '../api/harness';

const agentToken = 'agent-test-token';
const operatorToken = 'operator-test-token';
const principals: Record<string, Principal> = {
  [agentToken]: { userId: 1, sessionId: 1, isAgent: true, isOperator: false, operatorRoles: [] },
  [operatorToken]: { userId: 2, sessionId: 2, isAgent: false, isOperator: true, operatorRoles: ['administrator'] },
};

/**
 * The test server's app over the same database, with sessions replaced by two fixed tokens: an
 * agent's player session and an operator's desk session. Access is checked before anything else,
 * so a test that wants to reach every call's next check makes each call with `tokenFor` it.
 */
export function appWithTestPrincipals(server: TestServer): { app: Hono<AppEnv>; tokenFor(endpoint: Endpoint): string } {
  return {
    app: createApp({ ...server.deps, resolvePrincipal: async (token) => principals[token] ?? null }),
    tokenFor: (endpoint) => (endpoint.access === 'admin' ? operatorToken : agentToken),
  };
}
