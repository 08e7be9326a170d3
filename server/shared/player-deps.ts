import type { Endpoint } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { HDKey } from '@scure/bip32';
import type { ChainAdapter } from '@server/adapters/chain';
import type { FiatResource } from '@server/adapters/fiat-resource';
import type { FileStorage } from '@server/adapters/file-storage';
import type { PayProvider } from '@server/adapters/pay-provider';
import type { PayoutService } from '@server/adapters/payout';
import type { Clock } from '@server/clock';
import type { RequestContext } from '@server/contract-router';
import type { Database } from '@server/db/client';
import type { Translate } from '@server/i18n';
import type { Logger } from 'pino';
import type { ChainNetwork } from './chain-addresses';
import type { EventLetters } from './event-letters';
import type { RateLimitRule } from './rate-limit';

/** Game coins: the ledger currency of player balances. */
export const coinCurrency = 'COIN';

/** Names in every locale; readers fall back to Japanese. */
export type Names = Partial<Record<Locale, string>> & { 'ja-JP': string };

export interface DepositChannelSettings {
  id: string;
  names: Names;
  mode: 'automatic' | 'manual';
  /** Yen per order. */
  minAmount: number;
  maxAmount: number;
  presetAmounts: number[];
  feeRateBasisPoints: number;
}

/** The operator's account that manual deposits are transferred to. */
export interface ReceivingAccount {
  bankName: string;
  branchName: string;
  branchCode: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
}

export interface MoneySettings {
  /** Game coins per yen (deposits and withdrawals). */
  coinsPerYen: number;
  /** How long a deposit order waits for its payment. */
  depositOrderLifetimeMs: number;
  channels: DepositChannelSettings[];
  /** Null: manual deposits are not offered. */
  receivingAccount: ReceivingAccount | null;
  withdrawal: { minAmount: number; maxAmount: number; feeRateBasisPoints: number };
  maxBankCards: number;
}

/** What the player-money modules (profile, KYC, cards, deposits, withdrawals, records) work with. */
export interface PlayerDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  storage: FileStorage;
  /** Signs the short-lived links of identity photos. */
  photoLinkSecret: string;
  /** Null when no payment provider is configured: automatic deposits are not offered. */
  payProvider: PayProvider | null;
  payout: PayoutService;
  fiat: FiatResource;
  settings: MoneySettings;
  /** Wrong pay passwords per account (shared with the pay password change). */
  payPasswordLimit: RateLimitRule;
  /** Callbacks with a bad signature per client address, before they are ignored outright. */
  badCallbackLimit: RateLimitRule;
  /** Letters to players about their KYC, deposits, withdrawals and agent applications. */
  letters: EventLetters;
  crypto: CryptoSettings;
}

/** The crypto edges (docs/architecture.md §13). */
export interface CryptoSettings {
  /** The operator's account-level extended public key per network; a network without one gives no address. */
  depositKeys: Partial<Record<ChainNetwork, HDKey>>;
  /** Null when no chain is configured: deposits are not seen and approved payouts wait. */
  chain: ChainAdapter | null;
}

/** What a service needs to know about the request it serves. */
export interface PlayerRequest {
  t: Translate;
  locale: Locale;
  clientAddress: string;
  requestId: string;
}

export function playerRequestOf<E extends Endpoint>(context: RequestContext<E>): PlayerRequest {
  return { t: context.t, locale: context.locale, clientAddress: context.clientAddress, requestId: context.requestId };
}

export function nameIn(names: Names, locale: Locale): string {
  return names[locale] ?? names['ja-JP'];
}

const minute = 60 * 1000;

export const defaultMoneySettings: MoneySettings = {
  coinsPerYen: 1,
  depositOrderLifetimeMs: 30 * minute,
  channels: [
    {
      id: 'online-bank',
      names: {
        'ja-JP': 'オンライン決済',
        'en-US': 'Online payment',
        'ko-KR': '온라인 결제',
        'zh-CN': '在线支付',
        'zh-TW': '線上支付',
        'fil-PH': 'Online na bayad',
        'vi-VN': 'Thanh toán trực tuyến',
      },
      mode: 'automatic',
      minAmount: 1_000,
      maxAmount: 500_000,
      presetAmounts: [1_000, 3_000, 5_000, 10_000, 30_000, 50_000],
      feeRateBasisPoints: 0,
    },
    {
      id: 'bank-transfer',
      names: {
        'ja-JP': '銀行振込',
        'en-US': 'Bank transfer',
        'ko-KR': '계좌 이체',
        'zh-CN': '银行转账',
        'zh-TW': '銀行轉帳',
        'fil-PH': 'Bank transfer',
        'vi-VN': 'Chuyển khoản ngân hàng',
      },
      mode: 'manual',
      minAmount: 1_000,
      maxAmount: 1_000_000,
      presetAmounts: [10_000, 30_000, 50_000, 100_000],
      feeRateBasisPoints: 0,
    },
  ],
  receivingAccount: null,
  withdrawal: { minAmount: 1_000, maxAmount: 1_000_000, feeRateBasisPoints: 0 },
  maxBankCards: 5,
};

/** A clearly fictitious account for development and tests, where the sandbox stands in for banks. */
export const sandboxReceivingAccount: ReceivingAccount = {
  bankName: 'サンドボックス銀行 (Sandbox Bank)',
  branchName: 'テスト支店 (Test Branch)',
  branchCode: '001',
  accountType: '普通 (Ordinary)',
  accountNumber: '1234567',
  accountHolder: 'ゲームホール (Game Hall)',
};
