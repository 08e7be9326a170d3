/** Kitsune Rush's reel symbols (docs/games.md §42): the studio's pachislot drawings in the title's palette. */
import { pachislotArt } from './pachislot-symbols';

export const symbolArt = pachislotArt({
  seven: '#ff7a1a',
  sevenEdge: '#5b1f8f',
  bar: '#5b1f8f',
  barText: '#ffe9d6',
  bell: '#ffc233',
  replay: '#8a4fd1',
  outline: '#2a1033',
});
