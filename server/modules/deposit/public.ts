/** What deposits offer other modules: the view of a deposit order, and the desk of manual deposits. */
export { depositOrderView } from './deposit-rows';
export { confirmManualDeposit, failManualDeposit, manualDepositQueue } from './desk';
