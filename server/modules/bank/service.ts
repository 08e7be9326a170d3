import {
  accountNumberPattern,
  type BankCard,
  branchCodePattern,
  normalisedName,
  normalisedReading,
  type saveBankCard,
  type unbindBankCard,
} from '@contract/bank';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import { hasPersonalInformation } from '@contract/user-profile';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { bankCards } from '@server/db/schema/bank';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal, uniqueViolation } from '@server/shared/refusals';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { UserRow } from '../auth/public';
import { lockUser } from '../user/public';
import { bankNameIn, findBank } from './banks';

export type BankCardRow = typeof bankCards.$inferSelect;

export function maskedNumber(cardNumber: string): string {
  return `****${cardNumber.slice(-4)}`;
}

export function bankCardView(card: BankCardRow, locale: Locale): BankCard {
  return {
    id: card.id,
    bankCode: card.bankCode,
    bankName: bankNameIn(card.bankCode, locale),
    maskedCardNumber: maskedNumber(card.cardNumber),
    branchCode: card.branchCode,
    branchName: card.branchName,
    holderFirstName: card.holderFirstName,
    holderLastName: card.holderLastName,
    holderPinyinName: card.holderPinyinName,
    isDefault: card.isDefault,
    createdAt: card.createdAt.toISOString(),
  };
}

/** The player's bound cards, the default first, then the newest. */
export async function boundCardsOf(db: Database, userId: number): Promise<BankCardRow[]> {
  return db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.unboundAt)))
    .orderBy(desc(bankCards.isDefault), desc(bankCards.id));
}

/** One of the player's bound cards; another player's card is as unknown as a missing one. */
export async function findBoundCard(db: Database, userId: number, cardId: number): Promise<BankCardRow | null> {
  const [card] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId), isNull(bankCards.unboundAt)));
  return card ?? null;
}

type HolderFields = Pick<BankCardRow, 'holderFirstName' | 'holderLastName' | 'holderPinyinName'>;

/** The holder fields that differ from the player's names on record (deposits are matched by the payer's name). */
export function holderMismatches(
  card: HolderFields,
  user: Pick<UserRow, 'firstName' | 'lastName' | 'pinyinName'>,
): (keyof HolderFields)[] {
  const mismatched: (keyof HolderFields)[] = [];
  if (normalisedName(card.holderFirstName) !== normalisedName(user.firstName ?? '')) mismatched.push('holderFirstName');
  if (normalisedName(card.holderLastName) !== normalisedName(user.lastName ?? '')) mismatched.push('holderLastName');
  if (normalisedReading(card.holderPinyinName) !== normalisedReading(user.pinyinName ?? ''))
    mismatched.push('holderPinyinName');
  return mismatched;
}

export function holderMismatchRefusal(request: PlayerRequest, fields: string[]): ApiError {
  const message = request.t('bank.holderNameMismatch');
  return new ApiError(
    422,
    'bank.holderNameMismatch',
    {},
    { fields: Object.fromEntries(fields.map((field) => [field, message])) },
  );
}

type SaveCardBody = ParsedBodyOf<typeof saveBankCard>;

/** Refuses a card whose bank, branch code or account number cannot be one (docs/requirements.md §5). */
function refuseMalformedCard(t: PlayerRequest['t'], body: SaveCardBody): void {
  if (!findBank(body.bankCode)) throw fieldRefusal(t, 400, 'bankCode', 'bank.unknownBank');
  if (!branchCodePattern.test(body.branchCode)) throw fieldRefusal(t, 400, 'branchCode', 'bank.branchCodeFormat');
  if (!accountNumberPattern.test(body.cardNumber)) throw fieldRefusal(t, 400, 'cardNumber', 'bank.accountNumberFormat');
}

/**
 * The card being edited (null for a new one), once the player may save it: their names are
 * complete and match the holder's, the card is theirs, and a new one stays within the limit.
 */
async function cardToSave(
  tx: Database,
  deps: PlayerDeps,
  request: PlayerRequest,
  userId: number,
  body: SaveCardBody,
): Promise<{ editing: BankCardRow | null; isFirst: boolean }> {
  // Serialises a player's card changes (the card limit) and orders them after name changes.
  const user = await lockUser(tx, userId);
  if (!hasPersonalInformation(user)) throw new ApiError(422, 'bank.completePersonalInformation');
  const mismatched = holderMismatches(body, user);
  if (mismatched.length > 0) throw holderMismatchRefusal(request, mismatched);
  const cards = await boundCardsOf(tx, user.id);
  const editing = body.id === undefined ? null : cards.find((card) => card.id === body.id);
  if (editing === undefined) throw new ApiError(404, 'bank.cardNotFound');
  if (!editing && cards.length >= deps.settings.maxBankCards) {
    throw new ApiError(422, 'bank.tooManyCards', { max: deps.settings.maxBankCards });
  }
  return { editing, isFirst: cards.length === 0 };
}

export async function saveCard(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: SaveCardBody,
): Promise<BankCard> {
  refuseMalformedCard(request.t, body);
  try {
    const saved = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const userId = principal.userId;
      const { editing, isFirst } = await cardToSave(tx, deps, request, userId, body);
      // A player with cards always has a default: the first card, or the one chosen last.
      const isDefault = body.isDefault || isFirst || editing?.isDefault === true;
      if (isDefault) {
        await tx
          .update(bankCards)
          .set({ isDefault: false })
          .where(and(eq(bankCards.userId, userId), isNull(bankCards.unboundAt), eq(bankCards.isDefault, true)));
      }
      const fields = {
        bankCode: body.bankCode,
        cardNumber: body.cardNumber,
        branchCode: body.branchCode,
        branchName: body.branchName,
        holderFirstName: body.holderFirstName,
        holderLastName: body.holderLastName,
        holderPinyinName: body.holderPinyinName,
        isDefault,
        updatedAt: now,
      };
      const [card] = editing
        ? await tx.update(bankCards).set(fields).where(eq(bankCards.id, editing.id)).returning()
        : await tx
            .insert(bankCards)
            .values({ ...fields, userId, createdAt: now })
            .returning();
      if (!card) throw new Error('bank card write returned no row');
      await writeAudit(tx, request, {
        at: now,
        actor: actorOfUser(userId),
        action: editing ? 'bankCard.edit' : 'bankCard.bind',
        subject: `bankCard:${card.id}`,
        reason: `bank ${card.bankCode}, branch ${card.branchCode}, account ${maskedNumber(card.cardNumber)}`,
      });
      return card;
    });
    return bankCardView(saved, request.locale);
  } catch (error) {
    if (uniqueViolation(error) === 'bank_cards_bound_account_unique') {
      throw fieldRefusal(request.t, 409, 'cardNumber', 'bank.cardAlreadyBound');
    }
    throw error;
  }
}

export async function unbindCard(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof unbindBankCard>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const user = await lockUser(tx, principal.userId);
    const card = await findBoundCard(tx, user.id, body.id);
    if (!card) throw new ApiError(404, 'bank.cardNotFound');
    await tx
      .update(bankCards)
      .set({ unboundAt: now, isDefault: false, updatedAt: now })
      .where(eq(bankCards.id, card.id));
    if (card.isDefault) {
      const [next] = await boundCardsOf(tx, user.id);
      if (next) await tx.update(bankCards).set({ isDefault: true, updatedAt: now }).where(eq(bankCards.id, next.id));
    }
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'bankCard.unbind',
      subject: `bankCard:${card.id}`,
      reason: `bank ${card.bankCode}, account ${maskedNumber(card.cardNumber)}`,
    });
  });
  return null;
}
