import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { schema } from './schema';
import { applySqlFunctions } from './sql-functions';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the repository's SQL migrations, forward only, then its SQL functions that changed. */
  migrate(): Promise<void>;
  /** Follows a NOTIFY channel; close the subscription before the database. */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription>;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onNotification(payload: string): void;
  /**
   * Notifications may have been missed: the listening connection dropped, or has just started
   * listening again after one did. Whatever was derived from them must be forgotten.
   */
  onGap(): void;
}

export interface ChannelSubscription {
  /** False while notifications may be missed (the listening connection is down). */
  readonly live: boolean;
  /**
   * Resolves once the notifications of every transaction this process had committed when it was
   * called have been handed to `onNotification` (at once when there is nothing to wait for, or
   * while the subscription is not live).
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any lock id works as long as every process uses the same one. */
const migrationLockId = 7_318_200_411;

export type DatabaseConfig = { databaseUrl: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite };

/**
 * How long a call waits to get a connection, new or from the pool, before it fails as "database
 * unavailable": a server that has gone silent (a failover to another address) would otherwise hold
 * every call until the system's own TCP timeout, minutes later.
 */
const connectTimeoutMs = 10_000;

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose checked-out connections give themselves back when they fail. pg leaves a client
 * that is checked out (a transaction's) without an 'error' listener, so a connection the server
 * ended under a transaction (failover, restart, pg_terminate_backend) raised an unhandled 'error'
 * and ended the process; and Drizzle gives a transaction's client back only once its BEGIN has
 * succeeded, so a client whose connection died before that was never returned. Such a client now
 * goes back at once with its error, which makes the pool drop it; a later release does nothing.
 * pg's own `pool.query` (the callback form of connect) already does the same for its client.
 */
class ConnectionFaultPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return;
    }
    return super.connect().then(releasedOnFailure);
  }
}

function releasedOnFailure(client: pg.PoolClient): pg.PoolClient {
  const giveBack = client.release;
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', release);
    giveBack(error);
  };
  client.on('error', release);
  client.release = release;
  return client;
}

/**
 * Real PostgreSQL through a pool when a URL is given, otherwise embedded PGlite in a data directory,
 * which this process then holds alone until it closes the database (DataDirBusyError otherwise).
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) {
    const pool = new ConnectionFaultPool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 20,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    // An idle connection the server closes (restart, admin kill) must not crash the process; the
    // pool drops it and the next query opens a new one.
    pool.on('error', () => {});
    // A connection can also report its end while no one listens on it (seen when the server
    // terminated connections under load), which would end the process: every connection keeps a
    // listener of its own, and the pool or its borrower still act on the error as above.
    pool.on('connect', (client) => client.on('error', () => {}));
    // Every statement and transaction of this process ends with its connection going back to the pool.
    const finished = { count: 0 };
    pool.on('release', () => {
      finished.count += 1;
    });
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several processes may start at once against one server: only one migrates at a time.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
          const migrator = drizzleNodePostgres(client, { schema });
          await migrateNodePostgres(migrator, { migrationsFolder });
          await applySqlFunctions(migrator);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
          client.release();
        }
      },
      listen: (channel, handlers) => listenOnPostgres(config.databaseUrl, finished, channel, handlers),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let dataDirLock: DataDirLock | null = null;
  if ('pglite' in config) {
    client = config.pglite;
  } else {
    await mkdir(config.dataDir, { recursive: true });
    // Before PGlite reads a file: a second process on the directory would lose what either wrote.
    dataDirLock = await lockDataDir(config.dataDir);
    try {
      client = await PGlite.create(config.dataDir);
    } catch (error) {
      await dataDirLock.release();
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const migrator = drizzlePglite(client, { schema });
      await migratePglite(migrator, { migrationsFolder });
      await applySqlFunctions(migrator);
    },
    async listen(channel, handlers) {
      // One backend in this process: PGlite hands a committed notification to its listeners in a
      // microtask queued before the committing statement's promise settles, so there is never
      // anything to wait for.
      const unlisten = await client.listen(channel, (payload) => handlers.onNotification(payload));
      return { live: true, caughtUp: () => Promise.resolve(), close: unlisten };
    },
    async close() {
      try {
        await client.close();
      } finally {
        await dataDirLock?.release();
      }
    },
  };
}

const reconnectDelaysMs = [100, 500, 1000, 2000, 5000];
const maxReconnectDelayMs = 5000;

/**
 * LISTEN on a connection of its own, opened again whenever it drops (each time with a gap). To
 * catch up, a `select 1` goes over that connection: PostgreSQL signals listeners while a
 * transaction commits, before its client hears of the commit, and sends a listener its pending
 * notifications before the ReadyForQuery of whatever it runs next, so once that `select 1`
 * returns, every transaction committed before it was sent has been delivered. One such round trip
 * serves every caller waiting for it; none is needed while no statement of the pool has finished
 * since the last one was sent.
 */
async function listenOnPostgres(
  connectionString: string,
  finished: { count: number },
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelSubscription> {
  const connection = listeningConnection(connectionString, channel, handlers);
  const caughtUp = catchingUp(connection, finished);
  await connection.connect();
  return {
    get live() {
      return connection.live;
    },
    caughtUp,
    close: () => connection.close(),
  };
}

interface ListeningConnection {
  /** The client while it listens; null during a gap. */
  readonly client: pg.Client | null;
  readonly live: boolean;
  connect(): Promise<void>;
  /** Ends a client found broken; a gap until the next connection listens. */
  drop(dropped: pg.Client): void;
  close(): Promise<void>;
}

function listeningConnection(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
): ListeningConnection {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let failedConnects = 0;

  const drop = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = null;
    live = false;
    handlers.onGap();
    dropped.end().catch(() => undefined);
    scheduleReconnect();
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString,
      application_name: `listen:${channel}`,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotification(message.payload);
    });
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      // Connected but not listening (the server went away again): not kept, tried again later.
      next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    failedConnects = 0;
    handlers.onGap();
    live = true;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = reconnectDelaysMs[Math.min(failedConnects, reconnectDelaysMs.length - 1)] ?? maxReconnectDelayMs;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch(() => {
        failedConnects += 1;
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  };

  return {
    get client() {
      return client;
    },
    get live() {
      return live;
    },
    connect,
    drop,
    async close() {
      closed = true;
      live = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const last = client;
      client = null;
      await last?.end();
    },
  };
}

/** The subscription's `caughtUp`: the `select 1` round trips over the listening connection, shared by their callers. */
function catchingUp(connection: ListeningConnection, finished: { count: number }): () => Promise<void> {
  /** Statements finished before the last completed catch-up was sent: all delivered. */
  let covered = 0;
  let inFlight: { covers: number; done: Promise<void> } | null = null;
  let queued: Promise<void> | null = null;

  const sendCatchUp = (): Promise<void> => {
    queued = null;
    const covers = finished.count;
    const listening = connection.client;
    // Without a connection there is a gap already, and nothing is trusted until it listens again.
    const done = (listening ? listening.query('select 1') : Promise.reject(new Error('not listening')))
      .then(
        () => {
          covered = Math.max(covered, covers);
        },
        () => {
          if (listening) connection.drop(listening);
        },
      )
      .finally(() => {
        if (inFlight?.done === done) inFlight = null;
      });
    inFlight = { covers, done };
    return done;
  };

  return () => {
    const target = finished.count;
    if (!connection.live || covered >= target) return Promise.resolve();
    if (!inFlight) return sendCatchUp();
    if (inFlight.covers >= target) return inFlight.done;
    // Sent once the one under way returns, so it covers every statement finished until then.
    queued ??= inFlight.done.then(sendCatchUp);
    return queued;
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Server states of a database going away or not there yet: connection exceptions, shutdowns, start-up. */
const unavailableState = /^(08...|57P0[123])$/;
const networkFailures = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's words for a connection lost under a call, or never made; it gives them no code. */
const lostConnection = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether a call failed because the database could not be reached or its connection was lost
 * (restart, failover, a pooler or an operator ending sessions), rather than because of what the
 * call asked. Looks through wrappers (Drizzle's query error, a connect attempt's AggregateError).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableState.test(code) || networkFailures.has(code))) return true;
  if (lostConnection.some((words) => error.message.startsWith(words))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

const dialect = new PgDialect();

/**
 * The rows of one statement whose columns are all plain values (numbers, booleans, text), as the
 * driver parses them. On PGlite outside a transaction the statement goes to PGlite itself: through
 * Drizzle, every query hands PGlite Drizzle's parsers for dates and intervals, and PGlite then
 * copies its whole table of some 350 type parsers to merge them, about 0.3 ms of the server's only
 * thread per query. Dates and intervals would come back parsed on that path, hence plain columns only.
 */
export async function plainRows<T>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query<T>(text, params)).rows;
  }
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
