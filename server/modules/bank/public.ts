/** What banks offer other modules: bank names, masked card numbers, bound cards and the holder's name check. */
export { bankNameIn } from './banks';
export { boundCardsOf, holderMismatches, holderMismatchRefusal, maskedNumber } from './service';
