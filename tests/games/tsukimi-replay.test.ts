import { tsukimiReplayTitle } from '@games/titles/tsukimi-replay';
import { describe } from 'vitest';
import { exampleChecks, figureChecks, reelChecks, replayChecks } from './pachislot-checks';

describe('Tsukimi Replay: exact figures (docs/games.md §43)', () => figureChecks(tsukimiReplayTitle));
describe('Tsukimi Replay: reel control', () => reelChecks(tsukimiReplayTitle));
describe('Tsukimi Replay: games replayed from their seeds', () => replayChecks(tsukimiReplayTitle, 3000));
describe('Tsukimi Replay: the worked example', () =>
  exampleChecks(tsukimiReplayTitle, {
    nonce: 110,
    draw: 82,
    flag: 'big',
    stopsAtZero: [0, 0, 0],
    alignedAtZero: null,
    autoPresses: [16, 0, 15],
    autoStopsTo: [20, 0, 19],
  }));
