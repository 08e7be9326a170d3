import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { endpoint, isoDateTime, pageOf, pageQuery } from './endpoint';

/** The desk's side of moving old-platform accounts (docs/requirements.md §17.3, §17.4). */

/** Roughly 5,000 accounts; the JSON body stays within the API's 1 MiB limit. */
export const maxLegacyImportChars = 900_000;

/** The header row names these columns, in any order; other columns are ignored. */
export const legacyImportColumns = ['account', 'password_hash', 'email', 'card_numbers', 'balance'] as const;

export const legacyImportProblems = [
  'missingField',
  'accountFormat',
  'emailFormat',
  'cardFormat',
  'balanceFormat',
  'unsupportedHash',
  'hashTooCostly',
  'duplicateInFile',
  'importedDifferently',
] as const;
export type LegacyImportProblem = (typeof legacyImportProblems)[number];

const importRow = v.object({
  /** The line of the file, counting the header as line 1. */
  line: v.number(),
  oldAccount: v.nullable(v.string()),
  outcome: v.picklist(['imported', 'unchanged', 'refused']),
  problem: v.nullable(v.picklist(legacyImportProblems)),
  /** The problem in the operator's language. */
  message: v.nullable(v.string()),
});
export type LegacyImportRow = v.InferOutput<typeof importRow>;

export const adminLegacyAccountImport = endpoint({
  path: '/v2/admin/account-transfer/import',
  access: 'admin',
  roles: deskRoles.administration,
  summary: 'Import old-platform accounts from the CSV export; a row already imported the same way is left as it is',
  body: v.object({
    csv: v.pipe(
      v.string(),
      v.nonEmpty('validation.legacyCsv'),
      v.maxLength(maxLegacyImportChars, 'validation.legacyCsv'),
    ),
  }),
  data: v.object({
    imported: v.number(),
    unchanged: v.number(),
    refused: v.number(),
    rows: v.array(importRow),
  }),
});

/** `notStarted`: an imported old account that no player has begun to move yet. */
export const accountTransferStatuses = [
  'notStarted',
  'started',
  'codeSent',
  'signedIn',
  'completed',
  'expired',
] as const;

/** A move, or an imported old account not moved yet (no move, player or start then). */
const deskAccountTransfer = v.object({
  transferId: v.nullable(v.string()),
  /** The player who moved it. */
  account: v.nullable(v.string()),
  oldAccount: v.string(),
  /** Coins credited; null until completed. */
  amount: v.nullable(v.number()),
  startedAt: v.nullable(isoDateTime),
  completedAt: v.nullable(isoDateTime),
  status: v.picklist(accountTransferStatuses),
});
export type DeskAccountTransfer = v.InferOutput<typeof deskAccountTransfer>;

export const adminAccountTransferList = endpoint({
  path: '/v2/admin/account-transfer/list',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary: 'Moves of old-platform accounts, and imported accounts not moved yet, newest first',
  body: v.optional(pageQuery, {}),
  data: pageOf(deskAccountTransfer),
});
