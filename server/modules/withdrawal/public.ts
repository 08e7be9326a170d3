/** What withdrawals offer other modules: how a request opens, the view of a withdrawal, the review desk. */
export { approveWithdrawal, rejectWithdrawal, withdrawalQueue } from './desk';
export { openWithdrawalRequest, withdrawalByKey } from './player';
export { withdrawalView } from './withdrawal-rows';
