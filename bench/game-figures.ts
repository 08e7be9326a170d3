/** The studio games' RTP and hit frequency over a million simulated rounds, against the exact figures. */
import { studioTitles } from '@games/catalogue';
import type { Ratio } from '@games/engine/ratio';
import { percentText, ratioValue } from '@games/engine/ratio';
import type { Title } from '@games/engine/title';
import { isRoundTitle } from '@games/studio-title';
import { titleFigures } from '../tests/games/exact-figures';
import { log, notes } from './bench-report';
import { type GameSimulation, type Interval, simulateGame } from './game-rounds';
import { formatNumber, type Row } from './report-table';

/** Rounds per title, each at the title's smallest stake (the stake its exact figures are for). */
const gameRounds = 1_000_000;

const percentRange = (interval: Interval, digits: number) =>
  `${formatNumber(interval.value * 100, digits)} % (95 % CI ${formatNumber(interval.low * 100, digits)}–${formatNumber(interval.high * 100, digits)} %)`;

const inside = (interval: Interval, exact: Ratio) => {
  const value = ratioValue(exact);
  return interval.low <= value && value <= interval.high;
};

function simulationRows(game: Title, result: GameSimulation, exact: { rtp: Ratio; hit: Ratio }): Row[] {
  const rounds = `${formatNumber(result.rounds)} rounds of ${result.stake} coins`;
  return [
    {
      figure: `${game.name} RTP, ${rounds}`,
      measured: `${percentRange(result.rtp, 2)}; exact ${percentText(exact.rtp, 4)} %`,
      target: `exact inside the CI (stated ${formatNumber(game.rtpBasisPoints / 100, 2)} %)`,
      status: inside(result.rtp, exact.rtp) ? 'PASS' : 'MISS',
    },
    {
      figure: `${game.name} hit frequency, ${rounds}`,
      measured: `${percentRange(result.hit, 2)}; exact ${percentText(exact.hit, 4)} %`,
      target: 'exact inside the CI',
      status: inside(result.hit, exact.hit) ? 'PASS' : 'MISS',
    },
  ];
}

/**
 * A million rounds of each studio title against the exact figures its tests check. A pachislot
 * plays game by game under its 設定, not as rounds from seeds: its own tests check its chain.
 */
export function gameRows(): Row[] {
  const rows: Row[] = [];
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
    rows.push(...simulationRows(game, result, { rtp, hit: hitFrequency }));
  }
  return rows;
}
