import { type ContentPageSlug, contentPageSlugs } from '@contract/content';
import type { Locale } from '@contract/locales';
import { englishPages } from './seed-page-texts/en-US';
import { filipinoPages } from './seed-page-texts/fil-PH';
import { japanesePages } from './seed-page-texts/ja-JP';
import { koreanPages } from './seed-page-texts/ko-KR';
import type { PageText } from './seed-page-texts/page-text';
import { vietnamesePages } from './seed-page-texts/vi-VN';
import { simplifiedChinesePages } from './seed-page-texts/zh-CN';
import { traditionalChinesePages } from './seed-page-texts/zh-TW';

/**
 * Every language's pages keyed by slug, so that the compiler rejects a missing language, or a slug
 * of the contract without its page in some language (docs/requirements.md §1.8).
 */
const pagesByLocale: Record<Locale, Record<ContentPageSlug, PageText>> = {
  'ja-JP': japanesePages,
  'en-US': englishPages,
  'ko-KR': koreanPages,
  'zh-CN': simplifiedChinesePages,
  'zh-TW': traditionalChinesePages,
  'fil-PH': filipinoPages,
  'vi-VN': vietnamesePages,
};

type Written = Readonly<Record<Locale, string>>;

interface SeedPage {
  slug: ContentPageSlug;
  title: Written;
  body: Written;
}

const inEveryLocale = (text: (page: PageText) => string, slug: ContentPageSlug) =>
  Object.fromEntries(Object.entries(pagesByLocale).map(([locale, pages]) => [locale, text(pages[slug])])) as Record<
    Locale,
    string
  >;

/** The operator-editable pages a new installation starts with, in all seven languages. */
export const seedPages: readonly SeedPage[] = contentPageSlugs.map((slug) => ({
  slug,
  title: inEveryLocale((page) => page.title, slug),
  body: inEveryLocale((page) => page.body, slug),
}));

/**
 * Seeded texts a later release rewrote, as the SHA-256 of a language's title and body (`title`, a
 * blank line, `body`): a page still holding one of them in some language gets the current seed in
 * that language, while a language an operator has edited matches none and is kept.
 */
export const retiredPageTexts: Partial<Record<ContentPageSlug, readonly string[]>> = {
  // The Filipino pages before they wrote one word per meaning (agent, deposit, player, ...).
  'about-us': ['d0e81f313efe6d26be90a426d6e4880ca83460e9bcf15af16dccb2ed11e10c26'],
  'privacy-policy': ['b8d898864b18bcb326c4b0689bb6fd37c7a8ea28f02ea1ed9de2a3a4844cfbbc'],
  'user-agreement': ['deaea2e5c617dc3a8762fb8effa64d50a3c49d0714aeb376fd50c456a9f76168'],
  'discount-statute': ['82633fd1048694b6bdd33103aec13df1856ddb2391e21727d5bccd7c4a3a2769'],
  download: ['15b9e239d364844f10d472274f26a6242f136ce26129867b5b95f575092a8b93'],
  support: ['5cb824a8b0acb3b8d54788ce622c3d59e26a46c5767b9312ecfdbda46afd4cb8'],
  activity: ['ea6546390d7f5e4e6f8ad1168dde50c150b065ee0974850c4d65eb1f063293ad'],
  faq: ['266a1628a63d15c9f2a48fe8d1bfedf74016b3103d34dfae52515590de1d370f'],
  'game-guide': ['10f94137eb06c486fbc3d17cae38149840087d7708791ba82e95bd753d684168'],
  'account-transfer': ['aee7c270084064156370bb4808a6cc50470816c2e203a0361e415f384e9aad94'],
  // The deposit guide before it named the withdrawal statuses as the records do (ja-JP), and before
  // the Filipino one wrote one word per meaning (fil-PH).
  'deposit-guide': [
    'a96c5d20ff4258bbc5d10aad70cfdb5e4b9ca1fec7817a126b5022e54a5ac5b8',
    'f4578f87ecfe86a1cc3e7694c7723db39ec36d63d10e9c4545d5e240de6911f0',
  ],
  // The responsible-gaming pages before they described the player-protection tools; the last of
  // each list is the Filipino page before it wrote one word per meaning.
  'responsible-game': [
    '96b133b2522144360776144b7316316f420e393ed9f2ac09a6fd4134786a41e0',
    '8dec1b990bb943c31ece35435c8ff3880f086327596b2f704ba1bb372ec313ff',
    '2235e4cbe9e2f49d40b4a42b821d4a16f0fcb79874c039462abe83892e41f952',
    '4b204d17bfd768f1d2678bc8f3cbd720a5d4bcf3803934a0ec52670fcd6aeba9',
    '81ee0877fbb8904a2dbd51b3d4d2f033a4b28bd4a8efe5f2ae97c98893388a5a',
    '1164522e87ed8fd19b85cebe93a097d5da9eacf0e0f36e8fca648f4c4472c907',
    '07d865fa0e0d97a077524f609cc45148bb96e1c4318e54b571fef9713bb2842b',
    'a4dec2475476183049e7f3d9addbe7530b3c770feb027342d32b1c93bdbd6637',
  ],
  'responsible-gaming': [
    '6b43f420d413007f2355e5b3f85ee237045564eb21c1f4db367aa9c2d64ee430',
    'f660b09cb90654fec723bf6f3d67acb06a5250e8c23706c836ec1028a05a0862',
    '3e5bb97314b964068c6f22ec23c630c9a650ba2a99b14c79e63e541dbae88a97',
    '98a681b491d4b29ffafc6511b807aa0a933a70eb440497a8706cd1eaecf4abb3',
    '0d1f63b49154cce40d737a00673568a5956f318bf3c60cbabfbfb828d558f647',
    '96124603833e9916c2f793e5a9bcfd2a7511449758336dbc808a1e98d7e3c0c8',
    'd20be48678ef7b1fcc5acb6e3ac5aa1de2dd8e5c7291b53f3a6f43c798a0f75c',
    'ba907d04cd3c15a7d64b62cc20c39302630a4e15dc89bb1e562cbe4235e1d00b',
  ],
};
