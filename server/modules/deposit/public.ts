/** What deposits offer other modules: the view of a deposit order, the one deposits list (yen and crypto), and the desk of manual deposits. */

export { channelNameOf } from './channels';
export {
  allDeposits,
  depositConditions,
  depositListView,
  depositRowsWithPlayers,
  depositStatusTotals,
} from './deposit-list';
export { depositOrderView } from './deposit-rows';
export { confirmManualDeposit, failManualDeposit, manualDepositQueue } from './desk';
