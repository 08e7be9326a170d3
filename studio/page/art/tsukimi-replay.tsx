/** Tsukimi Replay's reel symbols (docs/games.md §43): the studio's pachislot drawings in the title's palette. */
import { pachislotArt } from './pachislot-symbols';

export const symbolArt = pachislotArt({
  seven: '#c9303e',
  sevenEdge: '#f6e7b0',
  bar: '#1e2a5a',
  barText: '#f6e7b0',
  bell: '#f0c75e',
  replay: '#3d7bd9',
  outline: '#141a33',
});
