/** What the composition root wires of withdrawals: the job that resumes payouts left unsent. */
export { resumePayouts } from './payouts';
