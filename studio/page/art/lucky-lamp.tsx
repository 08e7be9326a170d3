/** Lucky Lamp's reel symbols (docs/games.md §41): the studio's pachislot drawings in the title's palette. */
import { pachislotArt } from './pachislot-symbols';

export const symbolArt = pachislotArt({
  seven: '#e0182d',
  sevenEdge: '#ffd34d',
  bar: '#1d1d1f',
  barText: '#ffd34d',
  bell: '#f2b705',
  replay: '#1f7ae0',
  outline: '#1d1d1f',
});
