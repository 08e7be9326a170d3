import * as auth from './schema/auth';
import * as bank from './schema/bank';
import * as content from './schema/content';
import * as draw from './schema/draw';
import * as gameHall from './schema/game-hall';
import * as gameRecords from './schema/game-records';
import * as kyc from './schema/kyc';
import * as ledger from './schema/ledger';
import * as pay from './schema/pay';
import * as sandboxPay from './schema/sandbox-pay';
import * as station from './schema/station';
import * as system from './schema/system';

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
