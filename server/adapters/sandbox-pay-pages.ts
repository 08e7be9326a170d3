/** The sandbox provider's own pages, as a payer sees them: plain server-rendered HTML forms. */
import { html } from 'hono/html';
import type { SandboxPayment } from './sandbox-pay-payments';

type Html = ReturnType<typeof html>;

export function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Sandbox Pay</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef1f6;margin:0;padding:2rem 1rem;color:#1d2433}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0001}
h1{font-size:1.25rem;margin:0 0 .25rem}.note{color:#5c667a;font-size:.85rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1rem 0}dt{color:#5c667a}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}form{margin:0}
button,.link{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #1c64f2;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#1c64f2;color:#fff}.secondary{background:#fff;color:#1c64f2}
</style></head><body><main>${body}</main></body></html>`;
}

const statusLabels: Record<SandboxPayment['status'], string> = {
  pending: 'Waiting for payment · お支払い待ち',
  paid: 'Paid · 支払い済み',
  canceled: 'Canceled · キャンセル済み',
  refunding: 'Refund in process · 返金処理中',
  refunded: 'Refunded · 返金済み',
};

/** The checkout page's content: the payment and the buttons its status allows, each posting to `checkoutPath`/action. */
export function checkoutBody(payment: SandboxPayment, checkoutPath: string, undelivered: boolean): Html {
  const action = (name: string, label: string, style: 'primary' | 'secondary') =>
    html`<form method="post" action="${checkoutPath}/${name}"><button type="submit" class="${style}">${label}</button></form>`;
  const amount = `¥${payment.amount.toLocaleString('en-US')}`;
  const buttons: Html[] = [];
  if (payment.status === 'pending') {
    buttons.push(
      action('pay', `Pay ${amount} · 支払う`, 'primary'),
      action('cancel', 'Cancel · キャンセル', 'secondary'),
    );
  } else {
    buttons.push(html`<a class="link primary" href="${payment.returnUrl}">Back to the shop · ショップに戻る</a>`);
  }
  if (payment.status === 'paid') buttons.push(action('refund', 'Refund · 返金する', 'secondary'));
  if (payment.status === 'refunding')
    buttons.push(action('refund-complete', 'Complete the refund · 返金を完了', 'secondary'));
  if (undelivered) buttons.push(action('notify', 'Send the notification again · 通知を再送', 'secondary'));
  return html`<h1>Sandbox Pay · サンドボックス決済</h1>
<p class="note">A test payment provider: no real money moves. · テスト用の決済サービスです。実際のお金は動きません。</p>
<dl>
<dt>Amount · 金額</dt><dd data-testid="amount">${amount}</dd>
<dt>Order · 注文</dt><dd data-testid="reference">${payment.merchantReference}</dd>
<dt>Payer · 支払者</dt><dd>${payment.payerName}</dd>
<dt>Status · 状態</dt><dd data-testid="status">${statusLabels[payment.status]}</dd>
</dl>
<div class="actions">${buttons}</div>`;
}
