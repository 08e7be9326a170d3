import * as v from 'valibot';
import { emptyBody, endpoint, isoDateTime, noData, rowId } from './endpoint';
import { singleLine } from './plain-text';

const holderName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.name'),
  v.maxLength(50, 'validation.name'),
  singleLine,
);

/**
 * A card to bind, or an edit of a bound card when `id` is given. The holder's names must match the
 * player's names on record: deposits are matched to the player by the name on the paying card.
 */
export const bankCardInput = v.object({
  id: v.optional(rowId('validation.bankCard')),
  bankCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{3,11}$/, 'validation.bankCode')),
  cardNumber: v.pipe(v.string(), v.regex(/^\d{6,19}$/, 'validation.cardNumber')),
  branchCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,10}$/, 'validation.branchCode')),
  branchName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.branchName'),
    v.maxLength(60, 'validation.branchName'),
    singleLine,
  ),
  holderFirstName: holderName,
  holderLastName: holderName,
  /** The reading of the holder's name (kana or pinyin) exactly as the bank prints it. */
  holderPinyinName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.name'),
    v.maxLength(100, 'validation.name'),
    singleLine,
  ),
  /** The default card is the one deposits and withdrawals use unless another is chosen. */
  isDefault: v.optional(v.boolean(), false),
});
export type BankCardInput = v.InferInput<typeof bankCardInput>;

/**
 * A bound card picked in a money form: the picker holds its id as text, and it must be one of the
 * player's bound cards.
 */
export function boundCardChoice(cardIds: readonly number[]) {
  return v.pipe(
    v.nullable(v.string()),
    v.transform(Number),
    v.check((id) => cardIds.includes(id), 'validation.bankCard'),
    rowId('validation.bankCard'),
  );
}

/** Width, case and spacing do not make two written names different. */
export function normalisedName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/** A reading may be written in hiragana or katakana (or latin letters): all the same to a bank. */
export function normalisedReading(reading: string): string {
  return normalisedName(reading).replace(/[\u3041-\u3096]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60));
}

/** Account numbers are typed with spaces or hyphens and in full-width digits; the bank has digits. */
export function normalisedCardNumber(cardNumber: string): string {
  return cardNumber.normalize('NFKC').replace(/[\s-]/g, '');
}

/** The player's names on record, which a card's holder must match. */
export interface HolderNames {
  firstName: string | null;
  lastName: string | null;
  pinyinName: string | null;
}

const { entries: card } = bankCardInput;

/**
 * The bind-card form as the player fills it, checked in the browser before the call: the body's
 * rules after the typing is normalised (a number with spaces, hyphens or full-width digits, a
 * full-width branch code), and the holder's names matched against the player's as the server
 * matches them. Its output is the body to send.
 */
/**
 * Transfers between Japanese banks address an account by a 3-digit branch code and a 7-digit account
 * number (Japan Post Bank included): the server holds every card to it, and the form says so first.
 */
export const branchCodePattern = /^\d{3}$/;
export const accountNumberPattern = /^\d{7}$/;

export function bankCardForm(names: HolderNames) {
  const sameName = (recorded: string | null) =>
    v.check((name: string) => normalisedName(name) === normalisedName(recorded ?? ''), 'validation.holderMismatch');
  return v.object({
    // The bank picker is empty (null) until a bank is chosen.
    bankCode: v.pipe(v.nullable(v.string(), ''), card.bankCode),
    cardNumber: v.pipe(
      v.string(),
      v.transform(normalisedCardNumber),
      card.cardNumber,
      v.regex(accountNumberPattern, 'bank.accountNumberFormat'),
    ),
    branchCode: v.pipe(
      v.string(),
      v.transform((code) => code.normalize('NFKC').trim()),
      card.branchCode,
      v.regex(branchCodePattern, 'bank.branchCodeFormat'),
    ),
    branchName: card.branchName,
    holderFirstName: v.pipe(card.holderFirstName, sameName(names.firstName)),
    holderLastName: v.pipe(card.holderLastName, sameName(names.lastName)),
    holderPinyinName: v.pipe(
      card.holderPinyinName,
      v.check(
        (reading: string) => normalisedReading(reading) === normalisedReading(names.pinyinName ?? ''),
        'validation.holderMismatch',
      ),
    ),
    isDefault: v.boolean(),
  });
}

export const bankCard = v.object({
  id: v.number(),
  bankCode: v.string(),
  bankName: v.string(),
  /** Only the last four digits are ever sent back. */
  maskedCardNumber: v.string(),
  branchCode: v.string(),
  branchName: v.string(),
  holderFirstName: v.string(),
  holderLastName: v.string(),
  holderPinyinName: v.string(),
  isDefault: v.boolean(),
  createdAt: isoDateTime,
});
export type BankCard = v.InferOutput<typeof bankCard>;

export const bank = v.object({ code: v.string(), name: v.string() });
export type Bank = v.InferOutput<typeof bank>;

export const saveBankCard = endpoint({
  path: '/v2/app/user/bank/save',
  access: 'user',
  summary: 'Bind a bank card, or edit a bound one; binding is required before depositing or withdrawing',
  body: bankCardInput,
  data: bankCard,
});

export const bankCardList = endpoint({
  path: '/v2/app/user/bank',
  access: 'user',
  summary: 'Every bank card the player has bound, default first',
  body: emptyBody,
  data: v.array(bankCard),
});

export const defaultBankCardQuery = endpoint({
  path: '/v2/app/user/get/bank',
  access: 'user',
  summary: 'The player’s default bank card, or null while none is bound',
  body: emptyBody,
  data: v.nullable(bankCard),
});

export const bankList = endpoint({
  path: '/v2/app/user/bank/list',
  access: 'user',
  summary: 'The banks a card can be bound with, optionally filtered by a name or code fragment',
  body: v.optional(
    v.object({ keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.keyword'), singleLine)) }),
    {},
  ),
  data: v.array(bank),
});

export const unbindBankCard = endpoint({
  path: '/v2/app/user/bank/unbind',
  access: 'user',
  summary: 'Unbind a bank card; withdrawals already requested to it are still paid to it',
  body: v.object({ id: rowId('validation.bankCard') }),
  data: noData,
});
