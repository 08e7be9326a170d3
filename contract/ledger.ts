// The desk's view of a player's ledger: posted entries and waiting holds, with the balance after each.
import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { endpoint, isoDateTime, listQuery, pageOf, rowId } from './endpoint';
import { amount, signedAmount } from './money';

export const ledgerEntryKinds = [
  'deposit',
  'withdrawalHold',
  'withdrawalPost',
  'withdrawalVoid',
  'agentTransferIn',
  'agentTransferOut',
  'gameBet',
  'gameWin',
  'gameRollback',
  'promotion',
  'rebate',
  'migration',
  'adjustment',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/**
 * One line of a player's ledger: a posted entry, or a hold still waiting on the account (a
 * withdrawal under review, a deposit being refunded), which has no entry until it is posted.
 */
const ledgerEntry = v.object({
  /** The entry's id; null for a waiting hold. */
  id: v.nullable(v.number()),
  transferId: v.string(),
  kind: v.picklist(ledgerEntryKinds),
  /** Positive credits the player, negative debits them, in game coins; a waiting hold shows what it takes. */
  amount: signedAmount,
  /** The balance after the entry; a waiting hold leaves the balance as it was (it lowers what can be spent). */
  balanceAfter: amount,
  /** A hold not yet posted or voided. */
  pending: v.boolean(),
  /** The order number of the withdrawal or deposit behind the line, when there is one. */
  reference: v.nullable(v.string()),
  createdAt: isoDateTime,
});
export type LedgerEntry = v.InferOutput<typeof ledgerEntry>;

export const adminUserLedger = endpoint({
  path: '/v2/admin/user/ledger',
  access: 'admin',
  roles: deskRoles.accountsRead,
  summary:
    'A player’s ledger entries and waiting holds, newest first, with the balance after each and the order behind it',
  body: listQuery({ userId: rowId('validation.user'), kind: v.optional(v.picklist(ledgerEntryKinds)) }),
  data: v.object({ ...pageOf(ledgerEntry).entries, balance: amount, heldAmount: amount }),
});
