/** What other modules may use of player protection. */
export { depositRefusal, depositRefusalError, refuseWhileBlocked } from './checks';
