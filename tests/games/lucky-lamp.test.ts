import { luckyLampTitle } from '@games/titles/lucky-lamp';
import { describe } from 'vitest';
import { exampleChecks, figureChecks, reelChecks, replayChecks } from './pachislot-checks';

describe('Lucky Lamp: exact figures (docs/games.md §41)', () => figureChecks(luckyLampTitle));
describe('Lucky Lamp: reel control', () => reelChecks(luckyLampTitle));
describe('Lucky Lamp: games replayed from their seeds', () => replayChecks(luckyLampTitle, 3000));
describe('Lucky Lamp: the worked example', () =>
  exampleChecks(luckyLampTitle, {
    nonce: 110,
    draw: 82,
    flag: 'big',
    stopsAtZero: [0, 1, 1],
    alignedAtZero: 'big',
    autoPresses: [0, 0, 0],
    autoStopsTo: [0, 1, 1],
  }));
