/**
 * The loaded title's own words in the page's language: its symbol names and rules, read from its
 * definition so that every title's reels and paytable speak without strings of the page's own.
 */
import { isLocale, type Locale } from '@contract/locales';
import type { LocalText, SlotRoundResult, TitleRules } from '@games/engine/title';
import type { StudioTitle } from '@games/studio-title';
import { useTranslation } from 'react-i18next';
import { useLoadedTitle } from './title-context';

/** A title's rules, where its definition states them (every title will; those being rebuilt may not yet). */
export function rulesOf(title: StudioTitle): TitleRules | null {
  return (title as StudioTitle & { rules?: TitleRules }).rules ?? null;
}

export function usePageLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'ja-JP';
}

export function localText(text: LocalText, locale: Locale): string {
  return text[locale];
}

/** Each symbol's name by the title's paytable, else the page's own word for it, else its id. */
export function useSymbolName(): (symbol: string) => string {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const rules = rulesOf(useLoadedTitle().title);
  return (symbol) => {
    const row = rules?.paytable.find((entry) => entry.symbol === symbol);
    return row ? localText(row.name, locale) : t(`symbol.${symbol}`, { defaultValue: symbol });
  };
}

/** A rule paragraph with its `{{name}}` placeholders filled from the title's values, as numbers of the language. */
export function fillParagraph(
  text: string,
  values: Readonly<Record<string, number>> | undefined,
  format: (value: number) => string,
): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values?.[name];
    return value === undefined ? whole : format(value);
  });
}

export function isSlotRound(result: unknown): result is SlotRoundResult {
  return typeof result === 'object' && result !== null && Array.isArray((result as { steps?: unknown }).steps);
}
