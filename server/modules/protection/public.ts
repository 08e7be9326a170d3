/** What other modules may use of player protection. */
export { depositRefusal, depositRefusalError, isBlocked, refuseWhileBlocked } from './checks';
