import type { LimitRow, LimitTarget, LimitUnit, playSafelyMachine } from '@machines/play-safely.machine';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import { formatAmount } from '@/lib/format';

export type PlaySafelyActor = ActorRefFrom<typeof playSafelyMachine>;

/** A limit's amount in its unit: yen, coins or minutes. */
export function amountText(t: TFunction, unit: LimitUnit, amount: number): string {
  return t(`protection:units.${unit}`, { amount: formatAmount(amount) });
}

/** A limit's name: "Deposits per day", "Session length". */
export function limitName(t: TFunction, target: LimitTarget): string {
  return target.period === null
    ? t('protection:limits.kinds.session')
    : t('protection:limits.perPeriod', {
        kind: t(`protection:limits.kinds.${target.kind}`),
        period: t(`protection:limits.periods.${target.period}`),
      });
}

/** "applies in 23 h 12 min" for a pending change. */
export function pendingText(t: TFunction, row: LimitRow): string | null {
  if (!row.pending) return null;
  const { value, appliesInMinutes } = row.pending;
  const when = {
    hours: Math.floor(appliesInMinutes / 60),
    minutes: appliesInMinutes % 60,
  };
  return value === null
    ? t('protection:limits.pendingRemoval', when)
    : t('protection:limits.pending', { ...when, value: amountText(t, row.unit, value) });
}
