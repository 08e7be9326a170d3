import * as transfer from './account-transfer';
import * as adminAccountTransfer from './account-transfer-desk';
import * as admin from './admin';
import * as adminOperators from './admin-operators';
import * as adminOverview from './admin-overview';
import * as adminReconciliation from './admin-reconciliation';
import * as adminReports from './admin-reports';
import * as agent from './agent';
import * as adminAgent from './agent-desk';
import * as auth from './auth';
import * as bank from './bank';
import * as bonus from './bonus';
import * as content from './content';
import * as adminContent from './content-desk';
import * as crypto from './crypto';
import * as adminCrypto from './crypto-desk';
import * as pay from './deposit';
import * as adminPay from './deposit-desk';
import type { Endpoint } from './endpoint';
import * as game from './hall';
import * as adminGame from './hall-desk';
import * as kyc from './kyc';
import * as adminKyc from './kyc-desk';
import * as adminLedger from './ledger';
import * as station from './letters';
import * as adminLetters from './letters-desk';
import * as protection from './protection';
import * as adminProtection from './protection-desk';
import * as record from './record';
import * as support from './support';
import * as user from './user';
import * as draw from './withdrawal';
import * as adminDraw from './withdrawal-desk';
import * as adminDrawRisk from './withdrawal-risk';

function entriesOf(area: Record<string, unknown>): Endpoint[] {
  return Object.values(area).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'path' in value && 'access' in value && 'body' in value,
  );
}

/** Every call of the API, in one list: the server mounts it and the OpenAPI document is made from it. */
export const endpoints: readonly Endpoint[] = [
  ...entriesOf(content),
  ...entriesOf(bonus),
  ...entriesOf(auth),
  ...entriesOf(user),
  ...entriesOf(kyc),
  ...entriesOf(bank),
  ...entriesOf(station),
  ...entriesOf(record),
  ...entriesOf(game),
  ...entriesOf(pay),
  ...entriesOf(draw),
  ...entriesOf(crypto),
  ...entriesOf(transfer),
  ...entriesOf(protection),
  ...entriesOf(agent),
  ...entriesOf(admin),
  ...entriesOf(adminOperators),
  ...entriesOf(adminOverview),
  ...entriesOf(adminReports),
  ...entriesOf(adminReconciliation),
  ...entriesOf(adminKyc),
  ...entriesOf(adminDraw),
  ...entriesOf(adminDrawRisk),
  ...entriesOf(adminPay),
  ...entriesOf(adminLedger),
  ...entriesOf(adminAgent),
  ...entriesOf(adminGame),
  ...entriesOf(adminContent),
  ...entriesOf(adminCrypto),
  ...entriesOf(adminLetters),
  ...entriesOf(support),
  ...entriesOf(adminAccountTransfer),
  ...entriesOf(adminProtection),
];
