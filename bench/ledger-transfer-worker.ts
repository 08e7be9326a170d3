/**
 * The clients of the ledger figure, in their own process: loop i is agent i, calling
 * POST /v2/app/agent/type/member/transfer on the running app to move one coin to one of its own
 * members picked at random, under a fresh Idempotency-Key, with its session token and the XSRF
 * cookie echoed in X-XSRF-TOKEN as the SPA sends them. Every answer must be HTTP 200 with the
 * envelope's code 200 and the moved amount, or the slice fails and the figure is an ERROR.
 */
import { randomInt } from 'node:crypto';
import { Agent, request } from 'node:http';
import { transferToMember } from '@contract/agent';
import { serveSlices } from './load-worker';
import { xsrfHeaders } from './throughput';

/** One agent client: its session token and its direct members. */
export interface BenchTeam {
  token: string;
  memberIds: number[];
}

const appUrl = process.env.BENCH_APP_URL;
const teams = JSON.parse(process.env.BENCH_TEAMS ?? '[]') as BenchTeam[];
if (!appUrl || teams.length === 0 || teams.some((team) => team.memberIds.length === 0)) {
  throw new Error('BENCH_APP_URL and BENCH_TEAMS (agents with members) are required');
}

const requestTimeoutMs = 10_000;
const target = new URL(transferToMember.path, appUrl);
// One kept-alive connection per client, as a browser keeps its connection to the site.
const connections = new Agent({ keepAlive: true, maxSockets: teams.length });

function post(headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      {
        method: 'POST',
        agent: connections,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: requestTimeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${requestTimeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function main() {
  const common = { 'content-type': 'application/json', 'accept-language': 'ja-JP', ...(await xsrfHeaders(appUrl!)) };
  const headersOf = teams.map((team) => ({ ...common, token: team.token }));
  let sequence = 0;
  serveSlices(
    async (loop) => {
      const team = teams[loop % teams.length]!;
      sequence += 1;
      const memberUserId = team.memberIds[randomInt(team.memberIds.length)]!;
      const { status, text } = await post(
        { ...headersOf[loop % teams.length]!, 'idempotency-key': `bench-move-${process.pid}-${sequence}` },
        JSON.stringify({ memberUserId, amount: 1 }),
      );
      const envelope = JSON.parse(text) as { code?: number; data?: { amount?: number } };
      if (status !== 200 || envelope.code !== 200 || envelope.data?.amount !== 1) {
        throw new Error(`member transfer answered ${status}: ${text.slice(0, 300)}`);
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
