/** What the user profile offers other modules: the account's KYC status, and the user row locked for a change. */
export { kycStatusOf, lockUser } from './service';
