/** What mail offers other modules: the delivery they send mail through. */
export type { MailDelivery } from './delivery';
