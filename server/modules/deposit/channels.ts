import type { PayChannel } from '@contract/deposit';
import type { Locale } from '@contract/locales';
import { type DepositChannelSettings, nameIn, type PlayerDeps } from '@server/shared/player-deps';

/** A channel a player can use now, with its limits narrowed by the pay service's own. */
export interface OpenChannel {
  settings: DepositChannelSettings;
  minAmount: number;
  maxAmount: number;
}

/**
 * Automatic channels are open while a payment provider is configured and its JPY fiat resource
 * says it takes yen; manual ones while the operator's receiving account is configured.
 */
export async function openChannels(deps: PlayerDeps): Promise<OpenChannel[]> {
  const open: OpenChannel[] = [];
  for (const channel of deps.settings.channels) {
    if (channel.mode === 'manual') {
      if (deps.settings.receivingAccount)
        open.push({ settings: channel, minAmount: channel.minAmount, maxAmount: channel.maxAmount });
      continue;
    }
    if (!deps.payProvider) continue;
    const fiat = await deps.fiat.jpy();
    if (!fiat?.available) continue;
    const minAmount = Math.max(channel.minAmount, fiat.minAmount);
    const maxAmount = Math.min(channel.maxAmount, fiat.maxAmount);
    if (minAmount <= maxAmount) open.push({ settings: channel, minAmount, maxAmount });
  }
  return open;
}

export function channelView(channel: OpenChannel, locale: Locale): PayChannel {
  return {
    id: channel.settings.id,
    name: nameIn(channel.settings.names, locale),
    mode: channel.settings.mode,
    currency: 'JPY',
    minAmount: channel.minAmount,
    maxAmount: channel.maxAmount,
    presetAmounts: channel.settings.presetAmounts.filter(
      (value) => value >= channel.minAmount && value <= channel.maxAmount,
    ),
    feeRateBasisPoints: channel.settings.feeRateBasisPoints,
  };
}

/** The name of a channel an order was made on, even when the channel has since been closed. */
export function channelNameOf(
  deps: { settings: Pick<PlayerDeps['settings'], 'channels'> },
  channelId: string,
  locale: Locale,
): string {
  const channel = deps.settings.channels.find((candidate) => candidate.id === channelId);
  return channel ? nameIn(channel.names, locale) : channelId;
}

/** Game coins a yen amount buys on a channel, and the part of them kept as its fee. */
export function coinsFor(deps: PlayerDeps, yen: number, feeRateBasisPoints: number): { amount: number; fee: number } {
  const coins = yen * deps.settings.coinsPerYen;
  const fee = Math.floor((coins * feeRateBasisPoints) / 10_000);
  return { amount: coins - fee, fee };
}
