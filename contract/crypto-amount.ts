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

/** A decimal rate as an exact fraction. */
function rateFraction(rate: string): { numerator: bigint; denominator: bigint } {
  const [whole = '0', fraction = ''] = rate.split('.');
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

const basisPointsWhole = 10_000n;

/**
 * Game coins a deposit of `baseUnits` buys at `rate` coins per whole coin, less the exchange's
 * share in basis points, rounded down to whole coins (docs/requirements.md §16.6).
 */
export function depositCoins(baseUnits: bigint, decimals: number, rate: string, damageBasisPoints: number): bigint {
  const { numerator, denominator } = rateFraction(rate);
  return (
    (baseUnits * numerator * (basisPointsWhole - BigInt(damageBasisPoints))) /
    (denominator * basisPointsWhole * 10n ** BigInt(decimals))
  );
}

/**
 * Game coins held for a withdrawal of `baseUnits` at `rate`, plus the exchange's share, rounded up:
 * the player never gets more on chain than the coins they gave (docs/requirements.md §16.4).
 */
export function withdrawalCoins(baseUnits: bigint, decimals: number, rate: string, damageBasisPoints: number): bigint {
  const { numerator, denominator } = rateFraction(rate);
  const divisor = denominator * basisPointsWhole * 10n ** BigInt(decimals);
  const dividend = baseUnits * numerator * (basisPointsWhole + BigInt(damageBasisPoints));
  return (dividend + divisor - 1n) / divisor;
}

/**
 * The most base units a withdrawal may be for when `coins` game coins can be held for it (the fee is
 * part of the amount): the largest amount whose withdrawalCoins are at most `coins`. Null when the
 * rate is zero, as then no amount costs any coin.
 */
export function withdrawableUnits(
  coins: bigint,
  decimals: number,
  rate: string,
  damageBasisPoints: number,
): bigint | null {
  const { numerator, denominator } = rateFraction(rate);
  if (numerator === 0n) return null;
  if (coins <= 0n) return 0n;
  const per = numerator * (basisPointsWhole + BigInt(damageBasisPoints));
  return (coins * denominator * basisPointsWhole * 10n ** BigInt(decimals)) / per;
}
