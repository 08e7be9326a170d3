/** The ledger's and the wallet's calls per second through the API, against pgbench's TPC-B on the same server. */
import { log, notes } from './bench-report';
import { targets } from './figure-targets';
import { compareLedgerWithPgbench, type LedgerSettings } from './ledger-throughput';
import type { TpcbComparison, TpcbSettings } from './pgbench';
import { errorText, formatNumber, type Row } from './report-table';
import { compareWalletWithPgbench } from './wallet-throughput';

const ledgerLoad: LedgerSettings = { clients: 16, scale: 16, players: 1000, warmUpSeconds: 2, durationSeconds: 5 };
export const ledgerFigure = 'agent member transfers through the API / pgbench TPC-B, PostgreSQL';
const walletLoad: TpcbSettings = { clients: 16, scale: 16, warmUpSeconds: 2, durationSeconds: 5 };
export const walletFigure = 'wallet bets and wins, signed both ways, through the API / pgbench TPC-B, PostgreSQL';
export const walletLimitsFigure =
  'wallet bets and wins with player protection limits on, signed both ways, through the API / pgbench TPC-B, PostgreSQL';

/** A figure measured against pgbench's TPC-B on the same server (bench/pgbench.ts). */
async function tpcbRow<TComparison extends TpcbComparison>(figure: {
  name: string;
  unit: string;
  intro: string;
  measure: () => Promise<TComparison>;
  note: (comparison: TComparison) => string;
}): Promise<Row> {
  const target = `>= ${targets.tpcbRatio}`;
  log(figure.intro);
  try {
    const comparison = await figure.measure();
    log(
      `  ${formatNumber(comparison.operationsPerSecond)} ${figure.unit}, ${formatNumber(comparison.tpcbPerSecond)} TPC-B tps`,
    );
    notes.push(
      `${figure.note(comparison)} p50 ${formatNumber(comparison.p50Ms, 2)} ms, p99 ${formatNumber(comparison.p99Ms, 2)} ms. ` +
        `pgbench: ${comparison.pgbenchVersion}.`,
    );
    return {
      figure: figure.name,
      measured: `${formatNumber(comparison.ratio, 3)} (API ${formatNumber(comparison.operationsPerSecond)} ${figure.unit} / TPC-B ${formatNumber(comparison.tpcbPerSecond)} tps)`,
      target,
      status: comparison.ratio >= targets.tpcbRatio ? 'PASS' : 'MISS',
    };
  } catch (error) {
    return { figure: figure.name, measured: errorText(error), target, status: 'ERROR' };
  }
}

export function ledgerOn(url: string): Promise<Row> {
  return tpcbRow({
    name: ledgerFigure,
    unit: 'transfers/s',
    intro:
      `agent member transfers on PostgreSQL: ${ledgerLoad.clients} agents calling the API against pgbench TPC-B with ${ledgerLoad.clients} clients ` +
      `at scale ${ledgerLoad.scale}, ${ledgerLoad.warmUpSeconds} s warm-up, then ${ledgerLoad.durationSeconds} s each in alternating 1 s slices`,
    measure: () => compareLedgerWithPgbench(url, ledgerLoad),
    note: (comparison) =>
      `Ledger figure: POST /v2/app/agent/type/member/transfer on the app composed as in production, ${ledgerLoad.clients} agents at once, ` +
      `each with its session, the XSRF pair and a fresh Idempotency-Key. ` +
      `${formatNumber(comparison.answered)} moves answered 200, ${formatNumber(comparison.stored)} in the ledger, whose rules all held afterwards.`,
  });
}

/** The wallet figure, without limits or with every player's loss, wager and session limits on (each bet checks them all). */
export function walletOn(url: string, limits: boolean): Promise<Row> {
  const players = limits ? 'players with limits' : 'players';
  return tpcbRow({
    name: limits ? walletLimitsFigure : walletFigure,
    unit: 'wallet calls/s',
    intro:
      `wallet bets and wins on PostgreSQL: ${walletLoad.clients} ${players}' provider calls against pgbench TPC-B with ${walletLoad.clients} clients ` +
      `at scale ${walletLoad.scale}, ${walletLoad.warmUpSeconds} s warm-up, then ${walletLoad.durationSeconds} s each in alternating 1 s slices`,
    measure: () => compareWalletWithPgbench(url, walletLoad, { limits }),
    note: (comparison) =>
      `Wallet figure${limits ? ' with limits (loss and wager per day, week and month, and a session limit, none reached)' : ''}: ` +
      `a provider configured by GAME_PROVIDERS calls /v2/wallet/<provider>/transaction/bet and /win for ${walletLoad.clients} seated ${players} at once, ` +
      `every request signed (RSA-SHA256) and every answer's signature checked. ${formatNumber(comparison.answered)} calls answered RS_OK; ` +
      `afterwards the ledger's rules held, every player's coins had moved by their rounds' wins less bets, and the ledger held one transfer per call.`,
  });
}
