import type { Withdrawal } from '@contract/draw';
import type { Locale } from '@contract/locales';
import type { withdrawals } from '@server/db/schema/draw';
import { bankNameIn } from '../bank/banks';
import { maskedNumber } from '../bank/service';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function withdrawalView(row: WithdrawalRow, locale: Locale): Withdrawal {
  return {
    method: 'bank',
    orderSn: row.orderSn,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    bankCard: {
      id: row.bankCardId,
      bankName: bankNameIn(row.bankCode, locale),
      maskedCardNumber: maskedNumber(row.accountNumber),
    },
  };
}
