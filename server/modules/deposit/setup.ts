/** What the composition root wires of deposits: the payment provider, payout service and fiat resource. */
export { type PaymentsOptions, setUpPayments } from './payments-setup';
