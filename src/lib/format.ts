import { coinAmountText } from '@contract/crypto-amount';
import { currentLanguage } from '@/lib/i18n';

/** Whole yen or game coins, grouped the reader's way. */
export function formatAmount(amount: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(amount);
}

/** An instant in the reader's language and time zone. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A rate (0.015 for 1.5 %) as a percentage in the reader's language. */
export function formatPercent(rate: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 2 }).format(rate);
}

/** A crypto amount in base units as whole coins in the reader's language, exact to the coin's decimals. */
export function formatCoinAmount(units: string, decimals: number): string {
  const exact = coinAmountText(units, decimals) as `${number}`;
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: Math.min(decimals, 20) }).format(exact);
}
