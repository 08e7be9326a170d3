/** An amount in base units written in whole coins for messages ("12.5"). */
export function wholeCoins(baseUnits: string | bigint, decimals: number): string {
  const digits = BigInt(baseUnits)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
