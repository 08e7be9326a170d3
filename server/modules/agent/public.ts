/** What agents offer other modules: the kinds of agent moves, and the desk's calls on applications and teams. */
export { agentApplicationQueue, approveAgentApplication, rejectAgentApplication } from './desk-applications';
export { agentTeamForDesk, setAgentRebate } from './desk-terms';
export { agentMoveKinds } from './movements';
