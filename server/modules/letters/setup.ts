/** What the composition root wires of letters: the job that writes the letters events send. */
export { writeEventLetter } from './event-letters';
