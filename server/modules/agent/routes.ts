import { isAgentQuery } from '../../../contract/agent';
import { route } from '../../contract-router';

export function agentRoutes() {
  return [route(isAgentQuery, async ({ principal }) => principal.isAgent)];
}
