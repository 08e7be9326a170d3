/** What agents offer other modules: applications, agent codes, team membership, the kinds of agent moves. */
export { type AgentApplicationRow, applicationView } from './applications';
export { agentMoveKinds } from './movements';
export { ensureAgentCode, isMemberOf } from './team';
