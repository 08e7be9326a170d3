import { chainSandboxPath } from '@contract/crypto';
import type { TestServer } from '../api/harness';

interface SentTransaction {
  txHash: string;
  outputIndex: number;
  blockHeight: number;
  confirmations: number;
}

async function post<T>(server: TestServer, action: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${chainSandboxPath}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A deposit from outside through the simulator's sandbox, as `npm run chain -- send` makes one. */
export async function sendOnChain(
  server: TestServer,
  body: { network: string; coin: string; address: string; amount: string },
): Promise<SentTransaction> {
  const sent = await post<SentTransaction>(server, 'send', body);
  if (sent.status !== 200) throw new Error(`chain send refused: ${JSON.stringify(sent.body)}`);
  return sent.body;
}

export async function mineBlocks(server: TestServer, network: string, blocks: number): Promise<void> {
  const mined = await post(server, 'mine', { network, blocks });
  if (mined.status !== 200) throw new Error(`chain mine refused: ${JSON.stringify(mined.body)}`);
}

export function dropTransaction(server: TestServer, txHash: string) {
  return post<{ dropped?: string; error?: string }>(server, 'drop', { txHash });
}

export function chainSandboxCall(server: TestServer, action: string, body: unknown) {
  return post<Record<string, unknown>>(server, action, body);
}
