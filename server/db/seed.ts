import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { banners, contentPages, countries, notices, promotions } from './schema/content';
import { seedPages } from './seed-pages';

const day = 24 * 60 * 60 * 1000;

const countryRows = [
  ['JP', '+81'],
  ['US', '+1'],
  ['KR', '+82'],
  ['CN', '+86'],
  ['TW', '+886'],
  ['HK', '+852'],
  ['PH', '+63'],
  ['VN', '+84'],
  ['TH', '+66'],
  ['SG', '+65'],
  ['MY', '+60'],
  ['ID', '+62'],
  ['GB', '+44'],
  ['AU', '+61'],
] as const;

/**
 * Gives a new installation a living site. Each table is filled only while it is empty, so running
 * it on every start never duplicates or overwrites what operators have edited.
 */
export async function seedDatabase(db: Database, now: Date = new Date()): Promise<void> {
  const isEmpty = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return (row?.n ?? 0) === 0;
  };

  if (await isEmpty(countries)) {
    await db.insert(countries).values(countryRows.map(([code, dialCode], sort) => ({ code, dialCode, sort })));
  }

  if (await isEmpty(banners)) {
    await db.insert(banners).values([
      {
        title: { 'ja-JP': 'ゲームホールへようこそ', 'en-US': 'Welcome to the game hall' },
        imageUrl: '/images/banners/banner-1.svg',
        linkUrl: '/game/guide',
        sort: 1,
      },
      {
        title: { 'ja-JP': '初回入金ボーナス', 'en-US': 'First deposit bonus' },
        imageUrl: '/images/banners/banner-2.svg',
        linkUrl: '/game/promotion',
        sort: 2,
      },
      {
        title: { 'ja-JP': '毎週新台入荷', 'en-US': 'New machines every week' },
        imageUrl: '/images/banners/banner-3.svg',
        linkUrl: '/game/notice',
        sort: 3,
      },
    ]);
  }

  if (await isEmpty(notices)) {
    await db.insert(notices).values([
      {
        pinned: true,
        publishedAt: new Date(now.getTime() - 1 * day),
        title: { 'ja-JP': '定期メンテナンスのお知らせ', 'en-US': 'Scheduled maintenance' },
        content: {
          'ja-JP':
            '毎週水曜日 4:00〜6:00(日本時間)にシステムメンテナンスを行います。メンテナンス中はゲームと入出金をご利用いただけません。',
          'en-US':
            'The system is maintained every Wednesday from 4:00 to 6:00 (JST). Games, deposits and withdrawals are unavailable during maintenance.',
        },
      },
      {
        publishedAt: new Date(now.getTime() - 3 * day),
        title: { 'ja-JP': '新機種「桜ラッシュ」登場', 'en-US': 'New machine: Sakura Rush' },
        content: {
          'ja-JP': '新しいパチンコ機種「桜ラッシュ」が登場しました。ゲームホールでお楽しみください。',
          'en-US': 'Our new pachinko machine Sakura Rush has arrived. Enjoy it in the game hall.',
        },
      },
      {
        publishedAt: new Date(now.getTime() - 7 * day),
        title: { 'ja-JP': '入金反映時間について', 'en-US': 'About deposit crediting' },
        content: {
          'ja-JP':
            '入金は通常10分以内に自動で反映されます。10分を過ぎても反映されない場合はカスタマーサポートにお問い合わせください。',
          'en-US':
            'Deposits are normally credited automatically within ten minutes. If yours has not arrived after ten minutes, please contact customer support.',
        },
      },
      {
        publishedAt: new Date(now.getTime() - 14 * day),
        title: { 'ja-JP': '本人確認(KYC)のお願い', 'en-US': 'Please complete identity verification' },
        content: {
          'ja-JP': '出金には本人確認が必要です。ユーザーセンターから身分証の写真をご提出ください。',
          'en-US': 'Withdrawals require identity verification. Please upload photos of your ID from the user center.',
        },
      },
    ]);
  }

  if (await isEmpty(promotions)) {
    const promotion = (
      index: number,
      category: 'limited' | 'longTerm' | 'special',
      startsInDays: number,
      endsInDays: number | null,
      ja: [string, string],
      en: [string, string],
    ) => ({
      category,
      imageUrl: `/images/promotions/promo-${index}.svg`,
      startsAt: new Date(now.getTime() + startsInDays * day),
      endsAt: endsInDays === null ? null : new Date(now.getTime() + endsInDays * day),
      title: { 'ja-JP': ja[0], 'en-US': en[0] },
      summary: { 'ja-JP': ja[1], 'en-US': en[1] },
      content: {
        'ja-JP': `${ja[1]} 詳しい条件は利用規約と割引規定をご確認ください。`,
        'en-US': `${en[1]} See the user agreement and the discount statute for the full conditions.`,
      },
    });
    await db
      .insert(promotions)
      .values([
        promotion(
          1,
          'limited',
          -2,
          12,
          ['初回入金ボーナス', '初回入金額の20%をゲームコインで還元します。'],
          ['First deposit bonus', 'Get 20% of your first deposit back in game coins.'],
        ),
        promotion(
          2,
          'longTerm',
          -60,
          null,
          ['毎週キャッシュバック', '毎週の純損失の5%をキャッシュバックします。'],
          ['Weekly cashback', '5% of your net weekly loss comes back every Monday.'],
        ),
        promotion(
          3,
          'special',
          -1,
          6,
          ['スロットトーナメント', '週末のスロット大会で上位入賞者に賞品を進呈します。'],
          ['Slot tournament', 'Top players of the weekend slot tournament win prizes.'],
        ),
        promotion(
          4,
          'longTerm',
          -90,
          null,
          ['VIPプログラム', 'プレイ量に応じてVIPランクが上がり、特典が増えます。'],
          ['VIP programme', 'Climb the VIP ranks as you play and unlock more rewards.'],
        ),
        promotion(
          5,
          'limited',
          -3,
          4,
          ['週末ボーナス', '土日の入金に10%のボーナスを付与します。'],
          ['Weekend bonus', 'Deposits on Saturday and Sunday earn a 10% bonus.'],
        ),
        promotion(
          6,
          'special',
          -5,
          25,
          ['連続ログイン特典', '7日連続ログインでゲームコインをプレゼント。'],
          ['Login streak reward', 'Sign in seven days in a row to receive game coins.'],
        ),
        promotion(
          7,
          'limited',
          -40,
          -10,
          ['お正月キャンペーン', '新年の特別キャンペーンは終了しました。'],
          ['New Year campaign', 'The New Year special campaign has ended.'],
        ),
        promotion(
          8,
          'special',
          -120,
          -60,
          ['サマーフェスティバル', '夏祭りイベントは終了しました。'],
          ['Summer festival', 'The summer festival event has ended.'],
        ),
      ]);
  }

  if (await isEmpty(contentPages)) {
    await db.insert(contentPages).values(seedPages.map((page) => ({ ...page, updatedAt: now })));
  }
}
