// The desk's manual deposits: bank transfers confirmed from the statement, or closed as never received.
import * as v from 'valibot';
import { deskKeyword, userRef } from './admin';
import { deskRoles } from './admin-roles';
import { depositOrder } from './deposit';
import { endpoint, listQuery, noData, pageOf } from './endpoint';
import { amount, amountInput, manualStatuses, orderSnInput, reasonInput, remarkInput } from './money';

const manualDepositItem = v.intersect([
  depositOrder,
  v.object({
    user: userRef,
    payerName: v.string(),
    /** The yen the player said they would transfer. */
    yenAmount: amount,
    /** Why an operator marked the transfer failed. */
    failureReason: v.nullable(v.string()),
  }),
]);
export type ManualDepositItem = v.InferOutput<typeof manualDepositItem>;

export const adminManualDepositList = endpoint({
  path: '/v2/admin/deposit/manual/list',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary: 'Manual-mode deposits by status (default: in progress), oldest first',
  body: v.optional(
    listQuery({ status: v.optional(v.picklist(manualStatuses), 'inProgress'), keyword: deskKeyword }),
    {},
  ),
  data: pageOf(manualDepositItem),
});

export const adminManualDepositConfirm = endpoint({
  path: '/v2/admin/deposit/manual/confirm',
  access: 'admin',
  roles: deskRoles.money,
  summary: 'Confirm a manual deposit seen on the bank statement and credit the amount actually received',
  body: v.object({ orderSn: orderSnInput, receivedAmount: amountInput, remark: v.optional(remarkInput) }),
  data: noData,
});

export const adminManualDepositFail = endpoint({
  path: '/v2/admin/deposit/manual/fail',
  access: 'admin',
  roles: deskRoles.money,
  summary: 'Close a manual deposit that was never received; nothing is credited',
  body: v.object({ orderSn: orderSnInput, reason: reasonInput }),
  data: noData,
});
