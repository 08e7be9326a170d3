// What an operator may do on the desk. Every desk call names the roles allowed in its contract
// entry; the server refuses every other role before the handler runs. The administrator is named
// in every entry, so no call is out of reach of the operator who manages the others; the auditor
// is named in the calls that only read.
import * as v from 'valibot';

export const operatorRoles = ['administrator', 'finance', 'support', 'content', 'auditor'] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export const operatorRoleSchema = v.picklist(operatorRoles);

/** The role sets the desk's calls are given, by what the call touches and whether it only reads. */
export const deskRoles = {
  /** Every operator: ending one's own session. */
  everyone: operatorRoles,
  /** Managing operators, importing accounts, a machine's 設定. */
  administration: ['administrator'],
  audit: ['administrator', 'auditor'],
  /** Money: deposits, withdrawals, crypto pairs, commission terms. */
  money: ['administrator', 'finance'],
  moneyRead: ['administrator', 'finance', 'auditor'],
  /** Players: reviews of identity, agents and family declarations, freezes, blocks, support. */
  players: ['administrator', 'support'],
  playersRead: ['administrator', 'support', 'auditor'],
  /** A player's account, records and ledger, which finance and support both look up. */
  accountsRead: ['administrator', 'finance', 'support', 'auditor'],
  /** What players read: notices, the games' switches. */
  content: ['administrator', 'content'],
  contentRead: ['administrator', 'content', 'auditor'],
  /** Letters to players, which support and content both write. */
  letters: ['administrator', 'support', 'content'],
  lettersRead: ['administrator', 'support', 'content', 'auditor'],
  /** The games' list and results, which content, finance and support each need. */
  gamesRead: ['administrator', 'finance', 'support', 'content', 'auditor'],
} as const satisfies Record<string, readonly OperatorRole[]>;
