import { bankCardList, bankList, defaultBankCardQuery, saveBankCard, unbindBankCard } from '@contract/bank';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { searchBanks } from './banks';
import { bankCardView, boundCardsOf, saveCard, unbindCard } from './service';

export function bankRoutes(deps: PlayerDeps) {
  const { db } = deps;
  return [
    route(saveBankCard, (context) => saveCard(deps, playerRequestOf(context), context.principal, context.body)),
    route(unbindBankCard, (context) => unbindCard(deps, playerRequestOf(context), context.principal, context.body)),
    route(bankCardList, async ({ principal, locale }) =>
      (await boundCardsOf(db, principal.userId)).map((card) => bankCardView(card, locale)),
    ),
    route(defaultBankCardQuery, async ({ principal, locale }) => {
      const [first] = await boundCardsOf(db, principal.userId);
      return first ? bankCardView(first, locale) : null;
    }),
    route(bankList, async ({ body, locale }) => searchBanks(body.keyword, locale)),
  ];
}
