import { kitsuneRushTitle } from '@games/titles/kitsune-rush';
import { describe } from 'vitest';
import { exampleChecks, figureChecks, reelChecks, replayChecks } from './pachislot-checks';

describe('Kitsune Rush: exact figures (docs/games.md §42)', () => figureChecks(kitsuneRushTitle));
describe('Kitsune Rush: reel control', () => reelChecks(kitsuneRushTitle));
describe('Kitsune Rush: games replayed from their seeds', () => replayChecks(kitsuneRushTitle, 3000));
describe('Kitsune Rush: the worked example', () =>
  exampleChecks(kitsuneRushTitle, {
    nonce: 110,
    draw: 82,
    flag: 'big',
    stopsAtZero: [3, 3, 0],
    alignedAtZero: null,
    autoPresses: [0, 0, 2],
    autoStopsTo: [3, 3, 6],
  }));
