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
 * that language, while a language an operator has edited matches none and is kept. The rewrites so
 * far: the deposit guide's withdrawal statuses (ja-JP); the responsible-gaming pages' protection
 * tools; one word per meaning in Chinese (zh-CN 充值 and 提现, zh-TW 儲值 and 提款) and in Filipino
 * (agent, deposit, manlalaro, ...).
 */
export const retiredPageTexts: Partial<Record<ContentPageSlug, readonly string[]>> = {
  'deposit-guide': [
    'a96c5d20ff4258bbc5d10aad70cfdb5e4b9ca1fec7817a126b5022e54a5ac5b8',
    'd0a54c4374f4891224260b099d6beb25869daa4ad1859cb44bcc45ef10d91381',
    'ec40de857658ea917e42873fb53934ad0a9227911c1cb3c70717a4145a7122e6',
    'f4578f87ecfe86a1cc3e7694c7723db39ec36d63d10e9c4545d5e240de6911f0',
  ],
  'responsible-game': [
    '96b133b2522144360776144b7316316f420e393ed9f2ac09a6fd4134786a41e0',
    '8dec1b990bb943c31ece35435c8ff3880f086327596b2f704ba1bb372ec313ff',
    '2235e4cbe9e2f49d40b4a42b821d4a16f0fcb79874c039462abe83892e41f952',
    '4b204d17bfd768f1d2678bc8f3cbd720a5d4bcf3803934a0ec52670fcd6aeba9',
    '81ee0877fbb8904a2dbd51b3d4d2f033a4b28bd4a8efe5f2ae97c98893388a5a',
    '1164522e87ed8fd19b85cebe93a097d5da9eacf0e0f36e8fca648f4c4472c907',
    '07d865fa0e0d97a077524f609cc45148bb96e1c4318e54b571fef9713bb2842b',
    '794e89d02b4bece36c3190912d5ca875635382b904e62937a7dc28f724ef5dca',
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
    'ee65c297faa96da1cf2cae27899db8decf25f8a20a01365b331e7a1b7da1cd55',
    'ba907d04cd3c15a7d64b62cc20c39302630a4e15dc89bb1e562cbe4235e1d00b',
  ],
  'about-us': [
    '98a54e7f178c129d71a01fa5fad830087b21f7c49e2323d10ab0d6a48296e259',
    'f724e4935652fd45b13405907b2274205304c18a141ab3f73a42850a8c2a3ae6',
    'd0e81f313efe6d26be90a426d6e4880ca83460e9bcf15af16dccb2ed11e10c26',
  ],
  'privacy-policy': [
    'd12de842f3438681f0b1214ddc4990c6cfebee01094812282a22b3f6ecd414a3',
    'fc12f3583939e47de768385608e06a810f85cb614d0d491a424e0336fffe2e14',
    'b8d898864b18bcb326c4b0689bb6fd37c7a8ea28f02ea1ed9de2a3a4844cfbbc',
  ],
  'user-agreement': [
    '7bd25136ba1ef82f382671cda326fa0271664aba9238e766a9195f144d9cc3d1',
    '89e01f4894e34b14aef4ddd5e9ac278040d0a9c5477f33323166bad268f45efd',
    'deaea2e5c617dc3a8762fb8effa64d50a3c49d0714aeb376fd50c456a9f76168',
  ],
  'discount-statute': [
    '32b47e4b4dd95f238bb677b47fddaf49fa28f61d3fd5246a66dea4fd479c37ab',
    '3cf213a1877486697b9016448922ec8f8ac4fe20d233520f7543f2be6e1e57b2',
    '82633fd1048694b6bdd33103aec13df1856ddb2391e21727d5bccd7c4a3a2769',
  ],
  support: [
    '12e13a451b732d96f90e75bd415af5338573e4f58897786e2f89cb6e954d1bd5',
    'bd982a9b65ce9f095be7c4ee30aeef10bfc8bc049193caefe04dadfa98062a53',
    '5cb824a8b0acb3b8d54788ce622c3d59e26a46c5767b9312ecfdbda46afd4cb8',
  ],
  faq: [
    '9309ad9e35d464681a8e447dc7ed89e3a889a652b445013121c905afdc518ae5',
    'e85e034685d16f8a9439757230f2c9405ebf3d5acf3c1317bef13501a41ae674',
    '266a1628a63d15c9f2a48fe8d1bfedf74016b3103d34dfae52515590de1d370f',
  ],
  'game-guide': [
    '9d21ce9e02aaecd6d741b30665420c0bc918c995a4c198c4a6611fd96bcad21a',
    '1df9e39da2ae7fdf1e4d6666a1900bcadb3bce7d1557f1803033e964354a7d53',
    '10f94137eb06c486fbc3d17cae38149840087d7708791ba82e95bd753d684168',
  ],
  download: ['15b9e239d364844f10d472274f26a6242f136ce26129867b5b95f575092a8b93'],
  activity: ['ea6546390d7f5e4e6f8ad1168dde50c150b065ee0974850c4d65eb1f063293ad'],
  'account-transfer': ['aee7c270084064156370bb4808a6cc50470816c2e203a0361e415f384e9aad94'],
};
