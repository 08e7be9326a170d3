/** What withdrawals offer other modules: how a withdrawal request opens, the view of a withdrawal, and the review desk. */
export { approveWithdrawal, rejectWithdrawal, withdrawalQueue } from './desk';
export { openWithdrawalRequest, withdrawalByKey } from './player';
export { withdrawalView } from './withdrawal-rows';
