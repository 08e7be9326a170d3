/**
 * The embedded sandbox payment provider: an outside company played by this server, so the whole
 * deposit and payout path runs for real without one. It keeps its own books (sandbox_* tables),
 * speaks the protocol of pay-protocol.ts and talks to the product only over HTTP:
 *
 *   POST /sandbox-pay/api/payments       merchant opens a payment (signed), gets a checkout URL
 *   GET  /sandbox-pay/checkout/:id       the payer's checkout page: pay or cancel
 *   POST /sandbox-pay/checkout/:id/...   pay, cancel, refund, complete the refund, notify again
 *   POST /sandbox-pay/api/payouts        merchant sends yen to a bank account (signed, keyed by reference)
 *   GET  /sandbox-pay/fiat/JPY           the JPY fiat resource
 *
 * The merchant's calls are in sandbox-pay-merchant-api.ts, the payments' moves in
 * sandbox-pay-payments.ts, the callbacks each move owes the merchant in sandbox-pay-callbacks.ts and
 * the payer's pages in sandbox-pay-pages.ts.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { deliverPending, hasUndeliveredEvents } from './sandbox-pay-callbacks';
import { mountMerchantApi } from './sandbox-pay-merchant-api';
import { checkoutBody, page } from './sandbox-pay-pages';
import { checkoutActions, findPayment, settle } from './sandbox-pay-payments';

export interface SandboxPayDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Where this server is reached: checkout URLs point here. */
  publicUrl: string;
  /** Merchant id → shared secret. */
  merchants: ReadonlyMap<string, string>;
}

export const sandboxBasePath = '/sandbox-pay';

export function createSandboxPay(deps: SandboxPayDeps) {
  const routes = new Hono();
  const checkoutPathOf = (paymentId: string) => `${sandboxBasePath}/checkout/${paymentId}`;
  const checkoutUrlOf = (paymentId: string) => new URL(checkoutPathOf(paymentId), deps.publicUrl).toString();
  const paymentNotFound = () => page('Payment not found', html`<p>This payment does not exist.</p>`);

  mountMerchantApi(routes, deps, checkoutUrlOf);

  routes.get('/checkout/:id', async (c) => {
    const payment = await findPayment(deps.db, c.req.param('id'));
    if (!payment) return c.html(paymentNotFound(), 404);
    const undelivered = await hasUndeliveredEvents(deps.db, payment.id);
    return c.html(page('Sandbox checkout', checkoutBody(payment, checkoutPathOf(payment.id), undelivered)));
  });

  routes.post('/checkout/:id/:action', async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action');
    const payment = await findPayment(deps.db, id);
    if (!payment) return c.html(paymentNotFound(), 404);
    if (action === 'notify') {
      await deliverPending(deps, id);
      return c.redirect(checkoutUrlOf(id), 303);
    }
    const checkoutAction = checkoutActions.get(action);
    if (!checkoutAction) return c.html(page('Not found', html`<p>No such action.</p>`), 404);
    const moved = await settle(deps, id, checkoutAction);
    if (moved) await deliverPending(deps, id);
    // A repeated click finds the payment already moved and simply goes where the first one went.
    return c.redirect(checkoutAction.back === 'merchant' ? payment.returnUrl : checkoutUrlOf(id), 303);
  });

  return { routes, deliverPending: () => deliverPending(deps) };
}
export type SandboxPay = ReturnType<typeof createSandboxPay>;
