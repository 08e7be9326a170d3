/** What the composition root wires of mail: the delivery, over SMTP or into the outbox. */
export { createMailDelivery } from './delivery';
