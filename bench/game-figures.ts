/** The studio games' RTP and hit frequency over a million simulated rounds, against the exact figures. */
import { studioTitles } from '@games/catalogue';
import { type PachislotTitle, settings } from '@games/engine/pachislot';
import { exactPachislot } from '@games/engine/pachislot-exact';
import type { Ratio } from '@games/engine/ratio';
import { percentText, ratioValue } from '@games/engine/ratio';
import { isRoundTitle } from '@games/studio-title';
import { titleFigures } from '../tests/games/exact-figures';
import { log, notes } from './bench-report';
import { type GameSimulation, type Interval, simulateGame, simulatePachislot } from './game-rounds';
import { formatNumber, type Row } from './report-table';

/** Rounds per title, each at the title's smallest stake (the stake its exact figures are for). */
const gameRounds = 1_000_000;
/** Games per pachislot 設定: six 設定 a title, each about ten seconds on one core. */
const pachislotGames = 300_000;

const percentRange = (interval: Interval, digits: number) =>
  `${formatNumber(interval.value * 100, digits)} % (95 % CI ${formatNumber(interval.low * 100, digits)}–${formatNumber(interval.high * 100, digits)} %)`;

const inside = (interval: Interval, exact: Ratio) => {
  const value = ratioValue(exact);
  return interval.low <= value && value <= interval.high;
};

function simulationRows(
  name: string,
  result: GameSimulation,
  exact: { rtp: Ratio; hit: Ratio },
  statedBasisPoints: number,
  unit = 'rounds',
): Row[] {
  const rounds = `${formatNumber(result.rounds)} ${unit} of ${result.stake} coins`;
  return [
    {
      figure: `${name} RTP, ${rounds}`,
      measured: `${percentRange(result.rtp, 2)}; exact ${percentText(exact.rtp, 4)} %`,
      target: `exact inside the CI (stated ${formatNumber(statedBasisPoints / 100, 2)} %)`,
      status: inside(result.rtp, exact.rtp) ? 'PASS' : 'MISS',
    },
    {
      figure: `${name} hit frequency, ${rounds}`,
      measured: `${percentRange(result.hit, 2)}; exact ${percentText(exact.hit, 4)} %`,
      target: 'exact inside the CI',
      status: inside(result.hit, exact.hit) ? 'PASS' : 'MISS',
    },
  ];
}

/**
 * Each pachislot at every 設定, its games played on one machine without 目押し, against the exact
 * figures of that 設定 and press model (its tests check the same chain).
 */
function pachislotRows(title: PachislotTitle): Row[] {
  const rows: Row[] = [];
  for (const setting of settings) {
    const exact = exactPachislot(title.machine, setting, 'none');
    log(`games: ${formatNumber(pachislotGames)} games of ${title.name} at 設定 ${setting}`);
    const result = simulatePachislot(title, setting, pachislotGames);
    log(`  ${formatNumber(result.seconds, 1)} s, ${formatNumber(result.rounds / result.seconds)} games/s`);
    notes.push(
      `${title.name} 設定 ${setting}: server seed ${result.serverSeed}, client seed "${result.clientSeed}", ` +
        `nonces 0–${formatNumber(result.rounds - 1)}, presses at uniform frames; interval by 100 batch means.`,
    );
    const stated = title.rtpNoAimBasisPointsBySetting[setting - 1] ?? 0;
    const name = `${title.name} 設定 ${setting} (no 目押し)`;
    rows.push(...simulationRows(name, result, { rtp: exact.rtp, hit: exact.hitFrequency }, stated, 'games'));
  }
  return rows;
}

/** A million rounds of each studio title, and each pachislot's 設定, against the exact figures its tests check. */
export function gameRows(): Row[] {
  const rows: Row[] = [];
  for (const title of studioTitles) if (!isRoundTitle(title)) rows.push(...pachislotRows(title));
  for (const game of studioTitles.filter(isRoundTitle)) {
    const figures = titleFigures[game.code];
    if (!figures) throw new Error(`no exact figures for ${game.code}`);
    log(`games: exact figures of ${game.name}`);
    const { rtp, hitFrequency } = figures();
    const stake = Math.min(...game.stakes);
    log(`games: ${formatNumber(gameRounds)} rounds of ${game.name} at ${stake} coins`);
    const result = simulateGame(game, stake, gameRounds);
    log(`  ${formatNumber(result.seconds, 1)} s, ${formatNumber(gameRounds / result.seconds)} rounds/s`);
    notes.push(
      `${game.name}: server seed ${result.serverSeed}, client seed "${result.clientSeed}", nonces 0–${formatNumber(gameRounds - 1)}; ` +
        `${formatNumber(result.seconds, 1)} s (${formatNumber(gameRounds / result.seconds)} rounds/s on one core).`,
    );
    rows.push(...simulationRows(game.name, result, { rtp, hit: hitFrequency }, game.rtpBasisPoints));
  }
  return rows;
}
