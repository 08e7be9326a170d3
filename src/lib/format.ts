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

/** How long ago an instant was, in the reader's language: minutes within the hour, hours within two days, else days. */
export function formatAge(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  const relative = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: 'always' });
  if (minutes < 60) return relative.format(-minutes, 'minute');
  if (minutes < 48 * 60) return relative.format(-Math.floor(minutes / 60), 'hour');
  return relative.format(-Math.floor(minutes / (24 * 60)), 'day');
}
