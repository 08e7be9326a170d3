/** What withdrawals offer other modules: how a request opens, the view of a withdrawal, the review desk and its risk rules. */
export { approveWithdrawal, rejectWithdrawal, withdrawalQueue } from './desk';
export { openWithdrawalRequest, withdrawalByKey } from './player';
export { payoutRuleList, updatePayoutRule, withdrawalRiskOf } from './risk';
export { withdrawalView } from './withdrawal-rows';
