import type { ContentPageSlug } from '../../contract/content';
import type { LocalisedText } from './schema/content';

/** The operator-editable pages a new installation starts with, in Japanese and English. */
export const seedPages: { slug: ContentPageSlug; title: LocalisedText; body: LocalisedText }[] = [
  {
    slug: 'about-us',
    title: { 'ja-JP': '会社概要', 'en-US': 'About us' },
    body: {
      'ja-JP': '私たちはスロットとパチンコをオンラインで楽しめるゲームホールを運営しています。',
      'en-US': 'We run an online game hall where you can enjoy slot and pachinko machines.',
    },
  },
];
