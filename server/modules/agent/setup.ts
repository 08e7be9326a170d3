/** What the composition root schedules of agents: the daily commission settlement. */
export { settleDueCommissions } from './commission';
