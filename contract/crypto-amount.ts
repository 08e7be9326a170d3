/**
 * Crypto amounts are integers in the coin's base unit (a string, as they outgrow a float); people
 * read and type them in whole coins. These convert between the two without rounding.
 */

/** Base units of `text` typed in whole coins ("12.5"), or null when it is not such an amount. */
export function parseCoinAmount(text: string, decimals: number): string | null {
  const match = /^(\d{1,30})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  return units.toString();
}

/** Base units as whole coins, without grouping or trailing zeros ("12.5"). */
export function coinAmountText(units: string, decimals: number): string {
  if (decimals === 0) return units;
  const padded = units.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Compares two amounts in base units. */
export function compareUnits(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

/** `a - b` in base units, never below zero. */
export function unitsLess(a: string, b: string): string {
  const difference = BigInt(a) - BigInt(b);
  return (difference > 0n ? difference : 0n).toString();
}
