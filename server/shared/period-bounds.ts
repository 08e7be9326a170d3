import { type DateRange, recordDayUtcOffsetMs } from '@contract/endpoint';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The instants a range of calendar days covers, the days counted in Japan time like everywhere in
 * record searches (the contract has already bounded the range's length): from the first day's
 * midnight up to, not including, the midnight after the last day.
 */
export function periodBounds(period: DateRange): { from: Date; to: Date } {
  const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - recordDayUtcOffsetMs;
  return { from: new Date(midnight(period.from)), to: new Date(midnight(period.to) + dayMs) };
}
