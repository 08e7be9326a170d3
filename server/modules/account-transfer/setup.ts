/** What the composition root wires of account moves: the deps it builds for them. */
export type { AccountTransferDeps } from './moves';
