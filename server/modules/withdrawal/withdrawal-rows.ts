import type { Locale } from '@contract/locales';
import type { Withdrawal } from '@contract/withdrawal';
import type { withdrawals } from '@server/db/schema/withdrawal';
import { bankNameIn, maskedNumber } from '../bank/public';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A row's column that its method's CHECK makes non-null. */
function present<T>(value: T | null, column: string): T {
  if (value === null) throw new Error(`withdrawal without ${column}`);
  return value;
}

export function withdrawalView(row: WithdrawalRow, locale: Locale): Withdrawal {
  const common = {
    orderSn: row.orderSn,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
  if (row.method === 'crypto') {
    const gross = BigInt(present(row.cryptoGross, 'crypto_gross'));
    const networkFee = present(row.networkFee, 'network_fee');
    return {
      ...common,
      method: 'crypto',
      coin: present(row.coin, 'coin'),
      network: present(row.network, 'network'),
      address: present(row.address, 'address'),
      memo: row.memo,
      cryptoAmount: (gross - BigInt(networkFee)).toString(),
      networkFee,
      damageRateBasisPoints: present(row.damageRateBasisPoints, 'damage_rate_basis_points'),
      txHash: row.txHash,
    };
  }
  return {
    ...common,
    method: 'bank',
    bankCard: {
      id: present(row.bankCardId, 'bank_card_id'),
      bankName: bankNameIn(present(row.bankCode, 'bank_code'), locale),
      maskedCardNumber: maskedNumber(present(row.accountNumber, 'account_number')),
    },
  };
}
