import * as admin from './admin';
import * as adminAccountTransfer from './admin-account-transfer';
import * as adminContent from './admin-content';
import * as adminCrypto from './admin-crypto';
import * as adminLetters from './admin-letters';
import * as agent from './agent';
import * as auth from './auth';
import * as bank from './bank';
import * as content from './content';
import * as crypto from './crypto';
import * as draw from './draw';
import type { Endpoint } from './endpoint';
import * as game from './game';
import * as kyc from './kyc';
import * as pay from './pay';
import * as record from './record';
import * as station from './station';
import * as support from './support';
import * as transfer from './transfer';
import * as user from './user';

function entriesOf(area: Record<string, unknown>): Endpoint[] {
  return Object.values(area).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'path' in value && 'access' in value && 'body' in value,
  );
}

/** Every call of the API, in one list: the server mounts it and the OpenAPI document is made from it. */
export const endpoints: readonly Endpoint[] = [
  ...entriesOf(content),
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
  ...entriesOf(agent),
  ...entriesOf(admin),
  ...entriesOf(adminContent),
  ...entriesOf(adminCrypto),
  ...entriesOf(adminLetters),
  ...entriesOf(support),
  ...entriesOf(adminAccountTransfer),
];
