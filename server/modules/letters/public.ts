/** What letters offer other modules: a letter from the desk to a player. */
export { sendDeskLetter } from './desk-letters';
