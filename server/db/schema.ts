import * as auth from './schema/auth';
import * as bank from './schema/bank';
import * as content from './schema/content';
import * as pay from './schema/deposit';
import * as gameHall from './schema/hall';
import * as kyc from './schema/kyc';
import * as ledger from './schema/ledger';
import * as station from './schema/letters';
import * as gameRecords from './schema/record';
import * as sandboxPay from './schema/sandbox-pay';
import * as system from './schema/system';
import * as draw from './schema/withdrawal';

/** Every table, one module per area, as one Drizzle schema object. */
export const schema = {
  ...system,
  ...content,
  ...auth,
  ...ledger,
  ...bank,
  ...kyc,
  ...pay,
  ...draw,
  ...gameHall,
  ...gameRecords,
  ...sandboxPay,
  ...station,
};
