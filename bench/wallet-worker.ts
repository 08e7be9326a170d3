/**
 * The clients of the wallet figure, in their own process: loop i is a game provider's server playing
 * for player i at machine i. Each loop first takes the seat as the player's browser does
 * (POST /v2/app/game/launch with the session, the XSRF pair) and redeems the launch token with a
 * signed /user/info, then alternates a signed bet of two coins and a signed win of one coin in the
 * same round, checking every answer's signature and status. One operation is one wallet call.
 */
import { createPrivateKey, createPublicKey, type KeyObject, randomUUID, sign, verify } from 'node:crypto';
import { Agent, request } from 'node:http';
import { gameLaunch } from '@contract/hall';
import { serveSlices } from './load-worker';
import { xsrfHeaders } from './throughput';

/** One player of the figure: their session token and the machine they sit at. */
export interface WalletBenchPlayer {
  token: string;
  machineId: number;
}

/** The bench's provider, as GAME_PROVIDERS configures it, and the private key it signs with. */
export interface WalletBenchProvider {
  id: string;
  gameCode: string;
  currency: string;
  privateKeyPem: string;
}

export const betCoins = 2;
export const winCoins = 1;

const appUrl = process.env.BENCH_APP_URL;
const players = JSON.parse(process.env.BENCH_WALLET_PLAYERS ?? '[]') as WalletBenchPlayer[];
const provider = JSON.parse(process.env.BENCH_WALLET_PROVIDER ?? 'null') as WalletBenchProvider | null;
if (!appUrl || players.length === 0 || !provider) {
  throw new Error('BENCH_APP_URL, BENCH_WALLET_PLAYERS and BENCH_WALLET_PROVIDER are required');
}

const requestTimeoutMs = 10_000;
const connections = new Agent({ keepAlive: true, maxSockets: players.length });
const privateKey = createPrivateKey(provider.privateKeyPem);

function post(
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string; signature: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(path, appUrl),
      {
        method: 'POST',
        agent: connections,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        timeout: requestTimeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            signature: String(response.headers['x-hub88-signature'] ?? ''),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${requestTimeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A signed wallet call whose answer must be signed by the wallet and RS_OK. */
async function walletCall(walletKey: KeyObject, path: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const answer = await post(
    `/v2/wallet/${provider!.id}/${path}`,
    {
      'x-hub88-signature': sign('sha256', Buffer.from(raw), privateKey).toString('base64'),
    },
    raw,
  );
  if (!verify('sha256', Buffer.from(answer.text), walletKey, Buffer.from(answer.signature, 'base64'))) {
    throw new Error(`${path}: the answer's signature does not verify`);
  }
  const parsed = JSON.parse(answer.text) as { status?: string; token?: string; user?: string };
  if (answer.status !== 200 || parsed.status !== 'RS_OK')
    throw new Error(`${path} answered ${answer.text.slice(0, 300)}`);
  return parsed;
}

interface Seat {
  user: string;
  sessionToken: string;
  /** The bet of the round under way, which the next operation wins; null before a bet. */
  openBet: { round: string; transactionUuid: string } | null;
}

async function takeSeats(walletKey: KeyObject): Promise<Seat[]> {
  const common = { 'accept-language': 'ja-JP', ...(await xsrfHeaders(appUrl!)) };
  return Promise.all(
    players.map(async (player) => {
      const launched = await post(
        gameLaunch.path,
        { ...common, token: player.token },
        JSON.stringify({ machineId: player.machineId }),
      );
      const envelope = JSON.parse(launched.text) as { code?: number; data?: { url?: string } };
      const launchToken = new URL(envelope.data?.url ?? 'http://invalid/').searchParams.get('token');
      if (envelope.code !== 200 || !launchToken) throw new Error(`launch answered ${launched.text.slice(0, 300)}`);
      const info = await walletCall(walletKey, 'user/info', { request_uuid: randomUUID(), token: launchToken });
      return { user: info.user ?? '', sessionToken: info.token ?? '', openBet: null };
    }),
  );
}

async function main() {
  const walletKey = createPublicKey(await (await fetch(new URL('/v2/wallet/public-key', appUrl))).text());
  const seats = await takeSeats(walletKey);
  serveSlices(
    async (loop) => {
      const seat = seats[loop % seats.length]!;
      const common = {
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        user: seat.user,
        token: seat.sessionToken,
        game_code: provider!.gameCode,
        currency: provider!.currency,
      };
      if (seat.openBet === null) {
        const round = randomUUID();
        await walletCall(walletKey, 'transaction/bet', { ...common, round, amount: betCoins, round_closed: false });
        seat.openBet = { round, transactionUuid: common.transaction_uuid };
      } else {
        const { round, transactionUuid } = seat.openBet;
        seat.openBet = null;
        await walletCall(walletKey, 'transaction/win', {
          ...common,
          round,
          reference_transaction_uuid: transactionUuid,
          amount: winCoins,
          round_closed: true,
        });
      }
    },
    async () => {
      connections.destroy();
    },
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
