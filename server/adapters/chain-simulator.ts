import { randomBytes } from 'node:crypto';
import { chainDropBody, chainMineBody, chainSendBody } from '@contract/crypto';
import type { Clock } from '@server/clock';
import type { AppEnv } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { chainSimNetworks, chainSimTransactions } from '@server/db/schema/crypto';
import { type ChainNetwork, chainNetworks, checkAddress, isChainNetwork } from '@server/shared/chain-addresses';
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ChainAdapter, ChainOutput, ChainPayout } from './chain';

/** A block every few seconds, so a deposit reaches its confirmations within a minute or two. */
const defaultBlockIntervalMs = 3_000;

export interface ChainSimulator extends ChainAdapter {
  /** A deposit from outside: included in the next block. */
  send(input: { network: ChainNetwork; coin: string; address: string; amount: bigint }): Promise<SimulatedTransaction>;
  /** Adds blocks at once (besides the clock's). */
  mine(network: ChainNetwork, blocks: number): Promise<number>;
  /** Takes a transaction off the chain, as a reorganisation does; false when there is no such one. */
  drop(txHash: string): Promise<boolean>;
  recent(limit: number): Promise<SimulatedTransaction[]>;
}

export interface SimulatedTransaction {
  txHash: string;
  outputIndex: number;
  network: ChainNetwork;
  coin: string;
  address: string;
  amount: string;
  blockHeight: number;
  confirmations: number;
  dropped: boolean;
}

/**
 * The embedded devnet (development and tests only): transactions and each network's block clock
 * live in our database, so every process sees the same chain. The height of a network is the
 * blocks its clock has made since genesis (one per interval) plus the blocks mined by hand.
 */
export function createChainSimulator(
  db: Database,
  clock: Clock,
  blockIntervalMs = defaultBlockIntervalMs,
): ChainSimulator {
  const height = (network: ChainNetwork) => networkHeight(db, clock, network, blockIntervalMs);
  const view = async (row: SimulatedRow) => simulatedTransaction(row, await height(row.network as ChainNetwork));

  return {
    height,
    blockIntervalMs: () => blockIntervalMs,
    async outputsTo(network, addresses, fromHeight): Promise<ChainOutput[]> {
      if (addresses.length === 0) return [];
      return depositOutputs(db, { network, addresses, fromHeight, tip: await height(network) });
    },
    async blockOf(network, txHash, outputIndex) {
      const [row] = await db
        .select({ blockHeight: chainSimTransactions.blockHeight })
        .from(chainSimTransactions)
        .where(
          and(
            eq(chainSimTransactions.network, network),
            eq(chainSimTransactions.txHash, txHash),
            eq(chainSimTransactions.outputIndex, outputIndex),
            isNull(chainSimTransactions.droppedAt),
          ),
        );
      return row?.blockHeight ?? null;
    },
    async payout(payout) {
      return recordPayout(db, payout, { blockHeight: (await height(payout.network)) + 1, at: clock.now() });
    },
    async send(input) {
      const [row] = await db
        .insert(chainSimTransactions)
        .values({
          network: input.network,
          txHash: txHashOf(input.network),
          outputIndex: 0,
          coin: input.coin,
          toAddress: input.address,
          amount: input.amount.toString(),
          blockHeight: (await height(input.network)) + 1,
          kind: 'deposit',
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('simulated transaction not stored');
      return view(row);
    },
    async mine(network, blocks) {
      await height(network);
      await db
        .update(chainSimNetworks)
        .set({ extraBlocks: sql`${chainSimNetworks.extraBlocks} + ${blocks}` })
        .where(eq(chainSimNetworks.network, network));
      return height(network);
    },
    async drop(txHash) {
      const dropped = await db
        .update(chainSimTransactions)
        .set({ droppedAt: clock.now() })
        .where(and(eq(chainSimTransactions.txHash, txHash), isNull(chainSimTransactions.droppedAt)))
        .returning({ id: chainSimTransactions.id });
      return dropped.length > 0;
    },
    async recent(limit) {
      const rows = await db.select().from(chainSimTransactions).orderBy(desc(chainSimTransactions.id)).limit(limit);
      return Promise.all(rows.map(view));
    },
  };
}

type SimulatedRow = typeof chainSimTransactions.$inferSelect;

/** The network's height, its clock started (at genesis, now) the first time it is asked. */
async function networkHeight(
  db: Database,
  clock: Clock,
  network: ChainNetwork,
  blockIntervalMs: number,
): Promise<number> {
  await db.insert(chainSimNetworks).values({ network, genesisAt: clock.now(), blockIntervalMs }).onConflictDoNothing();
  const [row] = await db.select().from(chainSimNetworks).where(eq(chainSimNetworks.network, network));
  if (!row) throw new Error(`no clock for ${network}`);
  const elapsed = Math.max(0, clock.now().getTime() - row.genesisAt.getTime());
  return Math.floor(elapsed / row.blockIntervalMs) + row.extraBlocks;
}

function txHashOf(network: ChainNetwork): string {
  const hex = randomBytes(32).toString('hex');
  return network === 'ERC20' ? `0x${hex}` : hex;
}

function simulatedTransaction(row: SimulatedRow, tip: number): SimulatedTransaction {
  return {
    txHash: row.txHash,
    outputIndex: row.outputIndex,
    network: row.network as ChainNetwork,
    coin: row.coin,
    address: row.toAddress,
    amount: row.amount,
    blockHeight: row.blockHeight,
    confirmations: row.droppedAt ? 0 : Math.max(0, tip - row.blockHeight + 1),
    dropped: row.droppedAt !== null,
  };
}

/** Deposits to the addresses in blocks from `fromHeight` up to the tip, and still on chain. */
async function depositOutputs(
  db: Database,
  query: { network: ChainNetwork; addresses: readonly string[]; fromHeight: number; tip: number },
): Promise<ChainOutput[]> {
  const rows = await db
    .select()
    .from(chainSimTransactions)
    .where(
      and(
        eq(chainSimTransactions.network, query.network),
        eq(chainSimTransactions.kind, 'deposit'),
        inArray(chainSimTransactions.toAddress, [...query.addresses]),
        gte(chainSimTransactions.blockHeight, query.fromHeight),
        sql`${chainSimTransactions.blockHeight} <= ${query.tip}`,
        isNull(chainSimTransactions.droppedAt),
      ),
    );
  return rows.map((row) => ({
    txHash: row.txHash,
    outputIndex: row.outputIndex,
    coin: row.coin,
    toAddress: row.toAddress,
    amount: BigInt(row.amount),
    blockHeight: row.blockHeight,
  }));
}

/** Puts the payout in the next block once per reference, and answers the transaction it made. */
async function recordPayout(
  db: Database,
  payout: ChainPayout,
  next: { blockHeight: number; at: Date },
): Promise<{ txHash: string }> {
  await db
    .insert(chainSimTransactions)
    .values({
      network: payout.network,
      txHash: txHashOf(payout.network),
      outputIndex: 0,
      coin: payout.coin,
      toAddress: payout.toAddress,
      amount: payout.amount.toString(),
      blockHeight: next.blockHeight,
      kind: 'payout',
      payoutReference: payout.reference,
      createdAt: next.at,
    })
    .onConflictDoNothing({ target: chainSimTransactions.payoutReference });
  const [row] = await db
    .select({ txHash: chainSimTransactions.txHash })
    .from(chainSimTransactions)
    .where(eq(chainSimTransactions.payoutReference, payout.reference));
  if (!row) throw new Error(`payout ${payout.reference} vanished`);
  return row;
}

/**
 * The simulator's sandbox over HTTP (chainSandboxPath in the contract), served only outside
 * production: `npm run chain` and the sandbox page use it. After each change the watcher looks at
 * once (`afterChange`), so a page sees the deposit without waiting for the next periodic run.
 */
export function chainSandboxRoutes(simulator: ChainSimulator, afterChange: () => Promise<void>) {
  const routes = new Hono<AppEnv>();
  const bad = (message: string) => Response.json({ error: message }, { status: 400 });
  const parse = async <S extends v.GenericSchema>(schema: S, request: Request) => {
    const parsed = v.safeParse(schema, await request.json().catch(() => null));
    return parsed.success
      ? { ok: true as const, value: parsed.output as v.InferOutput<S> }
      : {
          ok: false as const,
          message: parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`).join('; '),
        };
  };
  routes.post('/send', async (c) => {
    const body = await parse(chainSendBody, c.req.raw);
    if (!body.ok) return bad(body.message);
    const { network, coin, address, amount } = body.value;
    if (!isChainNetwork(network))
      return bad(`unknown network ${network}; known: ${Object.keys(chainNetworks).join(', ')}`);
    const checked = checkAddress(network, address);
    if (!checked.valid) return bad(`not an address of ${network} (${checked.reason})`);
    const sent = await simulator.send({ network, coin, address: checked.address, amount: BigInt(amount) });
    await afterChange();
    return c.json(sent);
  });
  routes.post('/mine', async (c) => {
    const body = await parse(chainMineBody, c.req.raw);
    if (!body.ok) return bad(body.message);
    const { network, blocks } = body.value;
    if (network !== undefined && !isChainNetwork(network)) return bad(`unknown network ${network}`);
    const networks = network === undefined ? (Object.keys(chainNetworks) as ChainNetwork[]) : [network];
    const heights: Record<string, number> = {};
    for (const each of networks) heights[each] = await simulator.mine(each, blocks);
    await afterChange();
    return c.json({ heights });
  });
  routes.post('/drop', async (c) => {
    const body = await parse(chainDropBody, c.req.raw);
    if (!body.ok) return bad(body.message);
    if (!(await simulator.drop(body.value.txHash)))
      return Response.json({ error: 'no such transaction on chain' }, { status: 404 });
    await afterChange();
    return c.json({ dropped: body.value.txHash });
  });
  routes.get('/', async (c) => {
    const heights: Record<string, number> = {};
    for (const network of Object.keys(chainNetworks) as ChainNetwork[])
      heights[network] = await simulator.height(network);
    return c.json({ heights, transactions: await simulator.recent(50) });
  });
  return routes;
}
