/** What KYC offers other modules: its review desk. */
export { approveKyc, kycReviewQueue, rejectKyc } from './service';
