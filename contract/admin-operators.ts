// Operators managed on the desk, by administrators only: make one (a generated password and an
// authenticator secret, each shown once), change what they may do, disable and enable them, and
// issue a new authenticator secret. Every change is audited with its reason. The desk always keeps
// one enabled administrator: the last one can neither be disabled nor lose the role.
import * as v from 'valibot';
import { deskRoles, operatorRoleSchema } from './admin-roles';
import { accountNamePattern, email } from './auth';
import { endpoint, isoDateTime, listQuery, noData, pageOf, rowId } from './endpoint';
import { reasonInput } from './money';

const roleList = v.pipe(
  v.array(operatorRoleSchema, 'validation.roles'),
  v.minLength(1, 'validation.roles'),
  v.check((roles) => new Set(roles).size === roles.length, 'validation.roles'),
);

const deskOperator = v.object({
  userId: v.number(),
  account: v.string(),
  email: v.string(),
  roles: v.array(operatorRoleSchema),
  disabled: v.boolean(),
  createdAt: isoDateTime,
  lastLoginAt: v.nullable(isoDateTime),
});
export type DeskOperator = v.InferOutput<typeof deskOperator>;

/** What the new operator is handed, once: the desk never shows the password or the secret again. */
const operatorCredentialsIssued = v.object({
  userId: v.number(),
  account: v.string(),
  /** Null when the secret alone was issued again. */
  password: v.nullable(v.string()),
  totpSecret: v.string(),
  /** The otpauth:// URL the authenticator app reads from the QR code. */
  totpUrl: v.string(),
});

const operatorAccountName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.regex(accountNamePattern, 'validation.accountLength'),
);

/** Which operator a change is for, and why (the audit row keeps the reason). */
const operatorChange = v.object({ userId: rowId('validation.user'), reason: reasonInput });

export const operatorCreateForm = v.object({ account: operatorAccountName, email, roles: roleList });
export const operatorRolesForm = v.object({ roles: roleList, reason: reasonInput });

export const adminOperatorList = endpoint({
  path: '/v2/admin/operator/list',
  access: 'admin',
  roles: deskRoles.administration,
  summary: 'The operators, with their roles and whether they are disabled',
  body: v.optional(listQuery({}), {}),
  data: pageOf(deskOperator),
});

export const adminOperatorCreate = endpoint({
  path: '/v2/admin/operator/create',
  access: 'admin',
  roles: deskRoles.administration,
  summary:
    'Make an operator account with these roles; answers its generated password and authenticator secret, shown once',
  body: operatorCreateForm,
  data: operatorCredentialsIssued,
});

export const adminOperatorRolesSet = endpoint({
  path: '/v2/admin/operator/roles',
  access: 'admin',
  roles: deskRoles.administration,
  summary: "Change an operator's roles; the next call of their session is checked against the new ones",
  body: v.object({ userId: rowId('validation.user'), ...operatorRolesForm.entries }),
  data: noData,
});

export const adminOperatorDisable = endpoint({
  path: '/v2/admin/operator/disable',
  access: 'admin',
  roles: deskRoles.administration,
  summary: 'Disable an operator: their sessions end and they can no longer sign in',
  body: operatorChange,
  data: noData,
});

export const adminOperatorEnable = endpoint({
  path: '/v2/admin/operator/enable',
  access: 'admin',
  roles: deskRoles.administration,
  summary: 'Enable a disabled operator again',
  body: operatorChange,
  data: noData,
});

export const adminOperatorAuthenticatorReset = endpoint({
  path: '/v2/admin/operator/authenticator/reset',
  access: 'admin',
  roles: deskRoles.administration,
  summary: 'Issue a new authenticator secret for an operator (a lost phone): the old one and their sessions end',
  body: operatorChange,
  data: operatorCredentialsIssued,
});
