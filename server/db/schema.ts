import * as auth from './schema/auth';
import * as content from './schema/content';
import * as ledger from './schema/ledger';
import * as system from './schema/system';

/** Every table, one module per area, as one Drizzle schema object. */
export const schema = { ...system, ...content, ...auth, ...ledger };
