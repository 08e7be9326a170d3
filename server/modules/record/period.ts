import type { DateRange } from '../../../contract/endpoint';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The instants a range of calendar days covers, where the days are those of the given UTC offset
 * (the contract has already bounded the range's length): from the first day's midnight up to,
 * not including, the midnight after the last day.
 */
export function periodBounds(period: DateRange, utcOffset: string): { from: Date; to: Date } {
  const from = new Date(`${period.from}T00:00:00${utcOffset}`);
  const lastDay = new Date(`${period.to}T00:00:00${utcOffset}`);
  return { from, to: new Date(lastDay.getTime() + dayMs) };
}
