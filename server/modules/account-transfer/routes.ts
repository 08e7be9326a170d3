import {
  confirmTransfer,
  resendTransferCode,
  signInOldAccount,
  validateOldAccount,
  validateOldAccountCard,
} from '@contract/account-transfer';
import { adminAccountTransferList, adminLegacyAccountImport } from '@contract/account-transfer-desk';
import { route } from '@server/contract-router';
import { playerRequestOf } from '@server/shared/player-deps';
import { accountTransferPage, importLegacyAccounts } from './desk';
import { type AccountTransferDeps, completeMove, proveCard, resendCode, signInOld, startMove } from './moves';

export function accountTransferRoutes(deps: AccountTransferDeps) {
  return [
    route(validateOldAccount, (context) => startMove(deps, playerRequestOf(context), context.principal, context.body)),
    route(validateOldAccountCard, (context) =>
      proveCard(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(resendTransferCode, (context) => resendCode(deps, playerRequestOf(context), context.principal, context.body)),
    route(signInOldAccount, (context) => signInOld(deps, playerRequestOf(context), context.principal, context.body)),
    route(confirmTransfer, (context) => completeMove(deps, playerRequestOf(context), context.principal, context.body)),
    route(adminLegacyAccountImport, (context) =>
      importLegacyAccounts(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminAccountTransferList, ({ body }) => accountTransferPage(deps, body)),
  ];
}
