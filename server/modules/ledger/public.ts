/** What the ledger offers other modules: accounts, balances, transfers and holds, and the spendable statement. */
export { balanceOf, findAccount, gameProviderAccount, houseAccount, playerAccount } from './accounts';
export { hold, postHold, type TransferArguments, transfer, transferArguments, voidHold } from './service';
export { type SpendableMovement, spendableStatement } from './spendable-statement';
