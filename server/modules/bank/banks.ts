import type { Locale } from '@contract/locales';

/**
 * Banks a card can be bound with: Japanese banks by their Zengin code. One format rule for branch
 * and account number holds for every bank here (contract/bank.ts).
 */
interface KnownBank {
  code: string;
  ja: string;
  en: string;
}

export const knownBanks: readonly KnownBank[] = [
  { code: '0001', ja: 'みずほ銀行', en: 'Mizuho Bank' },
  { code: '0005', ja: '三菱UFJ銀行', en: 'MUFG Bank' },
  { code: '0009', ja: '三井住友銀行', en: 'Sumitomo Mitsui Banking Corporation' },
  { code: '0010', ja: 'りそな銀行', en: 'Resona Bank' },
  { code: '0017', ja: '埼玉りそな銀行', en: 'Saitama Resona Bank' },
  { code: '0033', ja: 'PayPay銀行', en: 'PayPay Bank' },
  { code: '0034', ja: 'セブン銀行', en: 'Seven Bank' },
  { code: '0036', ja: '楽天銀行', en: 'Rakuten Bank' },
  { code: '0038', ja: '住信SBIネット銀行', en: 'SBI Sumishin Net Bank' },
  { code: '0039', ja: 'auじぶん銀行', en: 'au Jibun Bank' },
  { code: '0040', ja: 'イオン銀行', en: 'AEON Bank' },
  { code: '0310', ja: 'GMOあおぞらネット銀行', en: 'GMO Aozora Net Bank' },
  { code: '0397', ja: 'SBI新生銀行', en: 'SBI Shinsei Bank' },
  { code: '0398', ja: 'あおぞら銀行', en: 'Aozora Bank' },
  { code: '9900', ja: 'ゆうちょ銀行', en: 'Japan Post Bank' },
];

/** Readers of Chinese script read the Japanese names; everyone else the English ones. */
const readsJapaneseNames = new Set<Locale>(['ja-JP', 'zh-CN', 'zh-TW']);

export function findBank(code: string): KnownBank | null {
  return knownBanks.find((bank) => bank.code === code) ?? null;
}

export function bankNameIn(code: string, locale: Locale): string {
  const bank = findBank(code);
  if (!bank) return code;
  return readsJapaneseNames.has(locale) ? bank.ja : bank.en;
}

export function searchBanks(keyword: string | undefined, locale: Locale): { code: string; name: string }[] {
  const needle = keyword?.normalize('NFKC').toLowerCase() ?? '';
  return knownBanks
    .filter(
      (bank) =>
        !needle ||
        bank.code.startsWith(needle) ||
        [bank.ja, bank.en].some((name) => name.normalize('NFKC').toLowerCase().includes(needle)),
    )
    .map((bank) => ({ code: bank.code, name: bankNameIn(bank.code, locale) }));
}
