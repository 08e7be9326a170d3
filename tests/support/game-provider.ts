import { createPublicKey, generateKeyPairSync, type KeyObject, randomUUID, sign, verify } from 'node:crypto';
import type { GameProviderConfig } from '@server/modules/hall/providers';
import { expect } from 'vitest';
import type { TestServer } from '../api/harness';
import type { TestPlayer } from './players';

/** A third-party provider as GAME_PROVIDERS would configure it, with the private key it signs with. */
export function testProvider(id = 'acme', amountUnit = 100) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const config: GameProviderConfig = {
    id,
    name: 'Acme Games',
    baseUrl: `https://${id}.example/play`,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    currency: 'COIN',
    amountUnit,
    enabled: true,
    games: [
      {
        code: `${id}-slot`,
        kind: 'slot',
        name: { 'ja-JP': 'アクメスロット', 'en-US': 'Acme Slot' },
        rtpBasisPoints: 9650,
        machines: 3,
        enabled: true,
      },
    ],
  };
  return { config, privateKey };
}

export interface WalletAnswer {
  status: string;
  request_uuid?: string;
  user?: string;
  currency?: string;
  balance?: number;
  token?: string;
  game_code?: string;
  machine?: number;
}

/**
 * The provider's side of the wallet protocol: signed calls, and our answers' signatures checked.
 * Any server will do, an in-process one or a server process.
 */
export function walletClient(server: Pick<TestServer, 'url'>, providerId: string, privateKey: KeyObject) {
  let walletKey: KeyObject | null = null;
  async function call(
    path: string,
    body: Record<string, unknown>,
    options: { signature?: string; rawBody?: string; provider?: string } = {},
  ): Promise<WalletAnswer> {
    walletKey ??= createPublicKey(await (await fetch(`${server.url}/v2/wallet/public-key`)).text());
    const raw = options.rawBody ?? JSON.stringify(body);
    const response = await fetch(`${server.url}/v2/wallet/${options.provider ?? providerId}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub88-signature': options.signature ?? sign('sha256', Buffer.from(raw), privateKey).toString('base64'),
      },
      body: raw,
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const answerSignature = response.headers.get('x-hub88-signature') ?? '';
    expect(verify('sha256', Buffer.from(text), walletKey, Buffer.from(answerSignature, 'base64'))).toBe(true);
    return JSON.parse(text) as WalletAnswer;
  }
  return { call };
}

export function launchTokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

/** Takes the machine's seat and exchanges the launch token for a game session token. */
export async function openGameSession(
  server: TestServer,
  wallet: ReturnType<typeof walletClient>,
  player: TestPlayer,
  machineId: number,
): Promise<string> {
  const launched = await server.call<{ url: string }>('/v2/app/game/launch', { machineId }, { token: player.token });
  expect(launched.body, JSON.stringify(launched.body)).toMatchObject({ code: 200 });
  const answer = await wallet.call('user/info', {
    request_uuid: randomUUID(),
    token: launchTokenOf(launched.body.data?.url ?? ''),
  });
  expect(answer.status).toBe('RS_OK');
  return answer.token ?? '';
}

/** The hall's machines of one game, by its code. */
export async function machinesOf(server: TestServer, player: TestPlayer, gameCode: string) {
  const hall = await server.call<{ code: string; machines: { id: number; number: number; state: string }[] }[]>(
    '/v2/app/game/machines',
    {},
    { token: player.token },
  );
  const game = hall.body.data?.find((entry) => entry.code === gameCode);
  if (!game) throw new Error(`game ${gameCode} not in the hall: ${JSON.stringify(hall.body)}`);
  return game.machines;
}

/** A round as `playRounds` plays it: a bet, then a win of it or its rollback. */
export interface PlayedRound {
  bet: number;
  win?: number;
  rollback?: true;
}

/**
 * Seats the player at the provider's first game's machine `machineIndex` and plays each round
 * through the signed wallet, amounts in coins (the provider's unit given).
 */
export async function playRounds(
  server: TestServer,
  wallet: ReturnType<typeof walletClient>,
  player: TestPlayer,
  machineIndex: number,
  rounds: PlayedRound[],
  { gameCode = 'acme-slot', unit = 100 } = {},
): Promise<void> {
  const machines = await machinesOf(server, player, gameCode);
  const token = await openGameSession(server, wallet, player, machines[machineIndex]?.id ?? 0);
  for (const round of rounds) {
    const bet = {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      user: `player-${player.userId}`,
      token,
      round: `round-${randomUUID()}`,
      game_code: gameCode,
      currency: 'COIN',
      amount: round.bet * unit,
      is_free: false,
      round_closed: false,
    };
    expect((await wallet.call('transaction/bet', bet)).status).toBe('RS_OK');
    const settle = round.win
      ? wallet.call('transaction/win', {
          ...bet,
          request_uuid: randomUUID(),
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: bet.transaction_uuid,
          amount: round.win * unit,
          round_closed: true,
        })
      : round.rollback
        ? wallet.call('transaction/rollback', {
            request_uuid: randomUUID(),
            transaction_uuid: randomUUID(),
            reference_transaction_uuid: bet.transaction_uuid,
            user: bet.user,
            token,
          })
        : null;
    if (settle) expect((await settle).status).toBe('RS_OK');
  }
}
