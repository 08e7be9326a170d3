import {
  type adminAccountTransferList,
  type adminLegacyAccountImport,
  type DeskAccountTransfer,
  type LegacyImportProblem,
  type LegacyImportRow,
  legacyImportColumns,
} from '@contract/account-transfer-desk';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { readLegacyHash } from '@server/adapters/old-platform';
import type { Principal } from '@server/contract-router';
import { type AccountTransferStep, accountTransfers, legacyAccounts } from '@server/db/schema/account-transfer';
import { users } from '@server/db/schema/auth';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal } from '@server/shared/refusals';
import { parse } from 'csv-parse/sync';
import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';

/** The rules of an import are docs/requirements.md §17.3. */
const accountPattern = /^[A-Za-z0-9_.@-]{1,64}$/;
const cardPattern = /^\d{6,19}$/;
const balancePattern = /^\d{1,15}$/;
const emailSchema = v.pipe(v.string(), v.maxLength(254), v.email());

interface LegacyRow {
  account: string;
  passwordHash: string;
  email: string;
  cardNumbers: string[];
  balance: bigint;
}

type Column = (typeof legacyImportColumns)[number];

function readRow(values: Record<Column, string>): LegacyRow | LegacyImportProblem {
  if (legacyImportColumns.some((column) => values[column] === '')) return 'missingField';
  if (!accountPattern.test(values.account)) return 'accountFormat';
  const hash = readLegacyHash(values.password_hash);
  if ('problem' in hash) return hash.problem;
  if (!v.is(emailSchema, values.email)) return 'emailFormat';
  const cardNumbers = values.card_numbers.split(/[\s;|]+/).filter((card) => card !== '');
  if (cardNumbers.length === 0 || !cardNumbers.every((card) => cardPattern.test(card))) return 'cardFormat';
  if (!balancePattern.test(values.balance)) return 'balanceFormat';
  return {
    account: values.account,
    passwordHash: values.password_hash,
    email: values.email,
    cardNumbers,
    balance: BigInt(values.balance),
  };
}

function sameRow(stored: typeof legacyAccounts.$inferSelect, row: LegacyRow): boolean {
  return (
    stored.account === row.account &&
    stored.passwordHash === row.passwordHash &&
    stored.email === row.email &&
    stored.balance === row.balance &&
    stored.cardNumbers.join(' ') === row.cardNumbers.join(' ')
  );
}

function parseCsv(request: PlayerRequest, csv: string): { line: number; record: string[] }[] {
  try {
    const parsed = parse(csv, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map(({ record, info }) => ({ line: info.lines, record }));
  } catch {
    throw fieldRefusal(request.t, 400, 'csv', 'accountTransfer.import.unreadable');
  }
}

type Refuse = (line: number, oldAccount: string | null, problem: LegacyImportProblem) => LegacyImportRow;

interface ReadFile {
  /** The rows that passed the checks of a row on their own, by line. */
  candidates: { line: number; row: LegacyRow }[];
  /** The rows refused so far. */
  report: LegacyImportRow[];
}

/** Reads the file's rows: each is a candidate or refused on its own (or as a repeat in the file). */
function readFile(request: PlayerRequest, csv: string, refused: Refuse): ReadFile {
  const [header, ...records] = parseCsv(request, csv);
  const names = (header?.record ?? []).map((name) => name.toLowerCase());
  const missing = legacyImportColumns.filter((column) => !names.includes(column));
  if (missing.length > 0)
    throw fieldRefusal(request.t, 400, 'csv', 'accountTransfer.import.missingColumn', { columns: missing.join(', ') });
  const indexOf = Object.fromEntries(legacyImportColumns.map((column) => [column, names.indexOf(column)])) as Record<
    Column,
    number
  >;
  const seen = new Set<string>();
  const read: ReadFile = { candidates: [], report: [] };
  for (const { line, record } of records) {
    const values = Object.fromEntries(
      legacyImportColumns.map((column) => [column, record[indexOf[column]] ?? '']),
    ) as Record<Column, string>;
    const row = readRow(values);
    const name = values.account === '' ? null : values.account;
    if (typeof row === 'string') read.report.push(refused(line, name, row));
    else if (seen.has(row.account.toLowerCase())) read.report.push(refused(line, name, 'duplicateInFile'));
    else {
      seen.add(row.account.toLowerCase());
      read.candidates.push({ line, row });
    }
  }
  return read;
}

/** The stored accounts with the candidates' names, compared case-insensitively. */
async function storedNamed(tx: PlayerDeps['db'], candidates: ReadFile['candidates']) {
  if (candidates.length === 0) return [];
  return tx
    .select()
    .from(legacyAccounts)
    .where(
      inArray(
        sql`lower(${legacyAccounts.account})`,
        candidates.map(({ row }) => row.account.toLowerCase()),
      ),
    );
}

/**
 * Imports the old platform's accounts into the embedded old platform. Each row is imported, found
 * already imported the same way (unchanged), or refused with its reason; a refused row changes
 * nothing, and the rows that pass are stored together.
 */
export async function importLegacyAccounts(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof adminLegacyAccountImport>,
): Promise<DataOf<typeof adminLegacyAccountImport>> {
  const refused: Refuse = (line, oldAccount, problem) => ({
    line,
    oldAccount,
    outcome: 'refused',
    problem,
    message: request.t(`accountTransfer.import.${problem}`),
  });
  const { candidates, report } = readFile(request, body.csv, refused);

  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // Locked, so that two imports at once of the same file see each other's rows.
    await tx.execute(sql`LOCK TABLE ${legacyAccounts} IN SHARE ROW EXCLUSIVE MODE`);
    const storedByName = new Map((await storedNamed(tx, candidates)).map((row) => [row.account.toLowerCase(), row]));
    const fresh: LegacyRow[] = [];
    for (const { line, row } of candidates) {
      const existing = storedByName.get(row.account.toLowerCase());
      if (!existing) {
        fresh.push(row);
        report.push({ line, oldAccount: row.account, outcome: 'imported', problem: null, message: null });
      } else if (sameRow(existing, row))
        report.push({ line, oldAccount: row.account, outcome: 'unchanged', problem: null, message: null });
      else report.push(refused(line, row.account, 'importedDifferently'));
    }
    if (fresh.length > 0)
      await tx
        .insert(legacyAccounts)
        .values(fresh.map((row) => ({ ...row, importedAt: now, importedBy: principal.userId })));
    report.sort((a, b) => a.line - b.line);
    const tally = (outcome: LegacyImportRow['outcome']) => report.filter((row) => row.outcome === outcome).length;
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(principal.userId),
      action: 'accountTransfer.import',
      subject: `legacyAccounts:${fresh.length}`,
    });
    return { imported: tally('imported'), unchanged: tally('unchanged'), refused: tally('refused'), rows: report };
  });
}

/** Milliseconds since the epoch, so the union's instants read the same on either driver. */
const epochMs = (instant: SQL) => sql<number | null>`(extract(epoch from ${instant}) * 1000)::float8`;

/** An imported old account that no player has begun to move yet. */
const notMoved = sql`not exists (select 1 from ${accountTransfers}
  where lower(${accountTransfers.oldAccount}) = lower(${legacyAccounts.account}))`;

/**
 * Every move, and every imported old account no move has begun yet (docs/requirements.md §17.4),
 * newest first (an account by its import); a move not completed in time shows as expired.
 */
export async function accountTransferPage(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminAccountTransferList>,
): Promise<DataOf<typeof adminAccountTransferList>> {
  const now = deps.clock.now().getTime();
  const moves = deps.db
    .select({
      transferId: sql<string | null>`${accountTransfers.id}`.as('transfer_id'),
      account: sql<string | null>`${users.username}`.as('account'),
      oldAccount: sql<string>`${accountTransfers.oldAccount}`.as('old_account'),
      amount: sql<string | null>`${accountTransfers.amount}::text`.as('amount'),
      step: sql<AccountTransferStep | null>`${accountTransfers.step}`.as('step'),
      startedMs: epochMs(sql`${accountTransfers.createdAt}`).as('started_ms'),
      completedMs: epochMs(sql`${accountTransfers.completedAt}`).as('completed_ms'),
      expiresMs: epochMs(sql`${accountTransfers.expiresAt}`).as('expires_ms'),
      sortMs: epochMs(sql`${accountTransfers.createdAt}`).as('sort_ms'),
    })
    .from(accountTransfers)
    .innerJoin(users, eq(users.id, accountTransfers.userId));
  const waiting = deps.db
    .select({
      transferId: sql<string | null>`null::text`.as('transfer_id'),
      account: sql<string | null>`null::text`.as('account'),
      oldAccount: sql<string>`${legacyAccounts.account}`.as('old_account'),
      amount: sql<string | null>`null::text`.as('amount'),
      step: sql<AccountTransferStep | null>`null::text`.as('step'),
      startedMs: sql<number | null>`null::float8`.as('started_ms'),
      completedMs: sql<number | null>`null::float8`.as('completed_ms'),
      expiresMs: sql<number | null>`null::float8`.as('expires_ms'),
      sortMs: epochMs(sql`${legacyAccounts.importedAt}`).as('sort_ms'),
    })
    .from(legacyAccounts)
    .where(notMoved);
  const totals = Promise.all([
    deps.db.select({ total: count() }).from(accountTransfers),
    deps.db.select({ total: count() }).from(legacyAccounts).where(notMoved),
  ]).then(([[moved], [notYet]]) => [{ total: (moved?.total ?? 0) + (notYet?.total ?? 0) }]);
  const page = await onePage(
    body,
    moves.unionAll(waiting).orderBy(sql`sort_ms desc, transfer_id desc nulls last, old_account`),
    totals,
  );
  const instant = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    total: page.total,
    list: page.list.map(
      (row): DeskAccountTransfer => ({
        transferId: row.transferId,
        account: row.account,
        oldAccount: row.oldAccount,
        amount: row.amount === null ? null : Number(row.amount),
        startedAt: instant(row.startedMs),
        completedAt: instant(row.completedMs),
        status:
          row.step === null
            ? 'notStarted'
            : row.step !== 'completed' && Number(row.expiresMs) <= now
              ? 'expired'
              : row.step,
      }),
    ),
  };
}
