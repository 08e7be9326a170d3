import { accountTransferStatuses, legacyImportProblems } from '@contract/account-transfer-desk';
import { accountStatuses } from '@contract/admin';
import { overviewFigureKeys, overviewPeriods } from '@contract/admin-overview';
import { agentApplicationStatuses, memberStates } from '@contract/agent';
import { thirdPartyEvents } from '@contract/auth';
import { contentPageSlugs, gameKinds, gameVolatilities, promotionCategories } from '@contract/content';
import { addressRefusals } from '@contract/crypto';
import { depositModes } from '@contract/deposit';
import { bonusKinds, machineStates } from '@contract/hall';
import { kycStatuses } from '@contract/kyc';
import { ledgerEntryKinds } from '@contract/ledger';
import type { Locale } from '@contract/locales';
import {
  cryptoDepositStatuses,
  depositStatuses,
  depositStatusGroups,
  manualStatuses,
  paymentStatuses,
  withdrawalStatuses,
  withdrawalStatusGroups,
} from '@contract/money';
import {
  blockKinds,
  familyRelationships,
  limitKinds,
  limitPeriods,
  protectionRefusals,
  protectionSources,
  selfExclusionDurations,
  timeOutDurations,
} from '@contract/protection';
import { balanceMovementKinds, movementOrderStatuses } from '@contract/record';
import { withdrawalMethods } from '@contract/withdrawal';
import { payoutFlagRules, payoutRuleKeys, payoutRuleUnits } from '@contract/withdrawal-risk';

/*
 * Where each enumeration the server sends is named on the pages: the values (the contract's list)
 * and the message object holding one label per value (`namespace:path`). The type check at the end
 * reads every locale's JSON files, so a value without its label in any of the seven locales fails
 * `npm run typecheck`, naming the locale and the missing key (docs/requirements.md §1.9). A new
 * enumeration gets an entry here; a new value of a listed one only needs its labels.
 */
export const enumLabels = {
  balanceMovementKind: { values: balanceMovementKinds, at: 'record:types.movements' },
  movementOrderStatus: { values: movementOrderStatuses, at: 'record:status' },
  depositMode: { values: depositModes, at: 'record:types.deposits' },
  withdrawalMethod: { values: withdrawalMethods, at: 'record:types.withdrawals' },
  depositStatus: { values: [...paymentStatuses, ...manualStatuses], at: 'finance:depositStatus' },
  /** The one deposits list (records, team recharge): yen and crypto statuses side by side. */
  depositListStatus: { values: depositStatuses, at: 'record:status' },
  withdrawalStatus: { values: withdrawalStatuses, at: 'finance:withdrawalStatus' },
  cryptoDepositStatus: { values: cryptoDepositStatuses, at: 'crypto:depositStatus' },
  addressRefusal: { values: addressRefusals, at: 'crypto:withdraw.address.refused' },
  kycStatus: { values: kycStatuses, at: 'user:kycStatus' },
  deskStatus: {
    values: [...kycStatuses, ...agentApplicationStatuses, ...accountStatuses, ...manualStatuses, ...withdrawalStatuses],
    at: 'admin:status',
  },
  agentApplicationStatus: { values: agentApplicationStatuses, at: 'agent:status' },
  teamTotalsGroup: {
    values: [...Object.keys(depositStatusGroups), ...Object.keys(withdrawalStatusGroups)] as (
      | keyof typeof depositStatusGroups
      | keyof typeof withdrawalStatusGroups
    )[],
    at: 'agent-reports:totals',
  },
  memberState: { values: memberStates, at: 'agent-members:states' },
  ledgerEntryKind: { values: ledgerEntryKinds, at: 'admin:ledger.kinds' },
  deskWithdrawalMethod: { values: withdrawalMethods, at: 'admin:withdrawals.methods' },
  deskGameKind: { values: gameKinds, at: 'admin:games.kinds' },
  hallGameKind: { values: gameKinds, at: 'hall:kind' },
  homeGameKind: { values: gameKinds, at: 'home:games.kind' },
  machineState: { values: machineStates, at: 'hall:machine.state' },
  hallVolatility: { values: gameVolatilities, at: 'hall:volatility' },
  deskVolatility: { values: gameVolatilities, at: 'admin:games.volatilities' },
  bonusKind: { values: bonusKinds, at: 'hall:machine.events.bonusKinds' },
  promotionCategory: { values: promotionCategories, at: 'content:promotion.categories' },
  contentPage: { values: contentPageSlugs, at: 'content:pageNames' },
  thirdParty: { values: thirdPartyEvents, at: 'auth:thirdParty.providers' },
  accountTransferStatus: { values: accountTransferStatuses, at: 'account-transfer:desk.status' },
  legacyImportProblem: { values: legacyImportProblems, at: 'server:accountTransfer.import' },
  playerBlockKind: { values: blockKinds, at: 'protection:blocked' },
  playerProtectionSource: { values: protectionSources, at: 'protection:setBy' },
  playerLimitKind: { values: limitKinds, at: 'protection:limits.kinds' },
  playerLimitPeriod: { values: limitPeriods, at: 'protection:limits.periods' },
  playerTimeOutDuration: { values: timeOutDurations, at: 'protection:timeOut.durations' },
  playerSelfExclusionDuration: { values: selfExclusionDurations, at: 'protection:selfExclusion.durations' },
  familyRelationship: { values: familyRelationships, at: 'family-declaration:relationships' },
  deskBlockKind: { values: blockKinds, at: 'admin:protection.blockKinds' },
  deskProtectionSource: { values: protectionSources, at: 'admin:protection.sources' },
  deskLimitKind: { values: limitKinds, at: 'admin:protection.kinds' },
  deskLimitPeriod: { values: limitPeriods, at: 'admin:protection.periods' },
  deskProtectionDuration: {
    values: [...timeOutDurations, ...selfExclusionDurations],
    at: 'admin:protection.durations',
  },
  deskProtectionFlag: { values: protectionRefusals, at: 'admin:protection.flags' },
  deskFamilyRelationship: { values: familyRelationships, at: 'admin:familyDeclarations.relationships' },
  deskPayoutRule: { values: payoutRuleKeys, at: 'admin:payoutRules.names' },
  deskPayoutRuleHint: { values: payoutRuleKeys, at: 'admin:payoutRules.hints' },
  deskPayoutRuleUnit: { values: Object.values(payoutRuleUnits), at: 'admin:payoutRules.units' },
  deskPayoutRuleValue: { values: Object.values(payoutRuleUnits), at: 'admin:payoutRules.values' },
  deskPayoutFlag: { values: payoutFlagRules, at: 'admin:withdrawals.flags' },
  deskOverviewFigure: { values: overviewFigureKeys, at: 'admin:overview.figures' },
  deskOverviewPeriod: { values: overviewPeriods, at: 'admin:overview.periods' },
} as const;

type EnumLabels = typeof enumLabels;
export type LabelledEnum = keyof EnumLabels;
export type EnumValue<E extends LabelledEnum> = EnumLabels[E]['values'][number];

/** The message key naming `value` of the enumeration `name`, with its namespace. */
export function enumLabelKey<E extends LabelledEnum>(name: E, value: EnumValue<E>): string {
  return `${enumLabels[name].at}.${value}`;
}

/** The object at a dotted path of a message file's type, or never when a step is missing. */
type MessagesAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? MessagesAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** `locale namespace:path.value` for each of `values` that `labels` has no text for. */
type ValuesWithoutText<Labels, Values extends string | number, Key extends string> = {
  [V in Values]: Labels extends Record<`${V}`, string> ? never : `${Key}.${V}`;
}[Values];

/** `locale namespace:path.value` for each value of `entry` the locale's files have no text for. */
export type UnlabelledValues<
  Files,
  L extends string,
  Entry extends { values: readonly unknown[]; at: string },
> = Entry['at'] extends `${infer Namespace}:${infer Path}`
  ? Namespace extends keyof Files
    ? [MessagesAt<Files[Namespace], Path>] extends [never]
      ? `${L} ${Entry['at']}: no such object`
      : ValuesWithoutText<
          MessagesAt<Files[Namespace], Path>,
          Entry['values'][number] & (string | number),
          `${L} ${Entry['at']}`
        >
    : `${L} ${Namespace}: no such namespace`
  : `${Entry['at']}: not namespace:path`;

/** The message files the labels above are in, as tsc reads them, per locale. */
interface LocaleFiles {
  'ja-JP': {
    'account-transfer': typeof import('../../locales/ja-JP/account-transfer.json');
    admin: typeof import('../../locales/ja-JP/admin.json');
    agent: typeof import('../../locales/ja-JP/agent.json');
    'agent-reports': typeof import('../../locales/ja-JP/agent-reports.json');
    'agent-members': typeof import('../../locales/ja-JP/agent-members.json');
    auth: typeof import('../../locales/ja-JP/auth.json');
    content: typeof import('../../locales/ja-JP/content.json');
    crypto: typeof import('../../locales/ja-JP/crypto.json');
    'family-declaration': typeof import('../../locales/ja-JP/family-declaration.json');
    finance: typeof import('../../locales/ja-JP/finance.json');
    hall: typeof import('../../locales/ja-JP/hall.json');
    home: typeof import('../../locales/ja-JP/home.json');
    protection: typeof import('../../locales/ja-JP/protection.json');
    record: typeof import('../../locales/ja-JP/record.json');
    server: typeof import('../../locales/ja-JP/server.json');
    user: typeof import('../../locales/ja-JP/user.json');
  };
  'en-US': {
    'account-transfer': typeof import('../../locales/en-US/account-transfer.json');
    admin: typeof import('../../locales/en-US/admin.json');
    agent: typeof import('../../locales/en-US/agent.json');
    'agent-reports': typeof import('../../locales/en-US/agent-reports.json');
    'agent-members': typeof import('../../locales/en-US/agent-members.json');
    auth: typeof import('../../locales/en-US/auth.json');
    content: typeof import('../../locales/en-US/content.json');
    crypto: typeof import('../../locales/en-US/crypto.json');
    'family-declaration': typeof import('../../locales/en-US/family-declaration.json');
    finance: typeof import('../../locales/en-US/finance.json');
    hall: typeof import('../../locales/en-US/hall.json');
    home: typeof import('../../locales/en-US/home.json');
    protection: typeof import('../../locales/en-US/protection.json');
    record: typeof import('../../locales/en-US/record.json');
    server: typeof import('../../locales/en-US/server.json');
    user: typeof import('../../locales/en-US/user.json');
  };
  'ko-KR': {
    'account-transfer': typeof import('../../locales/ko-KR/account-transfer.json');
    admin: typeof import('../../locales/ko-KR/admin.json');
    agent: typeof import('../../locales/ko-KR/agent.json');
    'agent-reports': typeof import('../../locales/ko-KR/agent-reports.json');
    'agent-members': typeof import('../../locales/ko-KR/agent-members.json');
    auth: typeof import('../../locales/ko-KR/auth.json');
    content: typeof import('../../locales/ko-KR/content.json');
    crypto: typeof import('../../locales/ko-KR/crypto.json');
    'family-declaration': typeof import('../../locales/ko-KR/family-declaration.json');
    finance: typeof import('../../locales/ko-KR/finance.json');
    hall: typeof import('../../locales/ko-KR/hall.json');
    home: typeof import('../../locales/ko-KR/home.json');
    protection: typeof import('../../locales/ko-KR/protection.json');
    record: typeof import('../../locales/ko-KR/record.json');
    server: typeof import('../../locales/ko-KR/server.json');
    user: typeof import('../../locales/ko-KR/user.json');
  };
  'zh-CN': {
    'account-transfer': typeof import('../../locales/zh-CN/account-transfer.json');
    admin: typeof import('../../locales/zh-CN/admin.json');
    agent: typeof import('../../locales/zh-CN/agent.json');
    'agent-reports': typeof import('../../locales/zh-CN/agent-reports.json');
    'agent-members': typeof import('../../locales/zh-CN/agent-members.json');
    auth: typeof import('../../locales/zh-CN/auth.json');
    content: typeof import('../../locales/zh-CN/content.json');
    crypto: typeof import('../../locales/zh-CN/crypto.json');
    'family-declaration': typeof import('../../locales/zh-CN/family-declaration.json');
    finance: typeof import('../../locales/zh-CN/finance.json');
    hall: typeof import('../../locales/zh-CN/hall.json');
    home: typeof import('../../locales/zh-CN/home.json');
    protection: typeof import('../../locales/zh-CN/protection.json');
    record: typeof import('../../locales/zh-CN/record.json');
    server: typeof import('../../locales/zh-CN/server.json');
    user: typeof import('../../locales/zh-CN/user.json');
  };
  'zh-TW': {
    'account-transfer': typeof import('../../locales/zh-TW/account-transfer.json');
    admin: typeof import('../../locales/zh-TW/admin.json');
    agent: typeof import('../../locales/zh-TW/agent.json');
    'agent-reports': typeof import('../../locales/zh-TW/agent-reports.json');
    'agent-members': typeof import('../../locales/zh-TW/agent-members.json');
    auth: typeof import('../../locales/zh-TW/auth.json');
    content: typeof import('../../locales/zh-TW/content.json');
    crypto: typeof import('../../locales/zh-TW/crypto.json');
    'family-declaration': typeof import('../../locales/zh-TW/family-declaration.json');
    finance: typeof import('../../locales/zh-TW/finance.json');
    hall: typeof import('../../locales/zh-TW/hall.json');
    home: typeof import('../../locales/zh-TW/home.json');
    protection: typeof import('../../locales/zh-TW/protection.json');
    record: typeof import('../../locales/zh-TW/record.json');
    server: typeof import('../../locales/zh-TW/server.json');
    user: typeof import('../../locales/zh-TW/user.json');
  };
  'fil-PH': {
    'account-transfer': typeof import('../../locales/fil-PH/account-transfer.json');
    admin: typeof import('../../locales/fil-PH/admin.json');
    agent: typeof import('../../locales/fil-PH/agent.json');
    'agent-reports': typeof import('../../locales/fil-PH/agent-reports.json');
    'agent-members': typeof import('../../locales/fil-PH/agent-members.json');
    auth: typeof import('../../locales/fil-PH/auth.json');
    content: typeof import('../../locales/fil-PH/content.json');
    crypto: typeof import('../../locales/fil-PH/crypto.json');
    'family-declaration': typeof import('../../locales/fil-PH/family-declaration.json');
    finance: typeof import('../../locales/fil-PH/finance.json');
    hall: typeof import('../../locales/fil-PH/hall.json');
    home: typeof import('../../locales/fil-PH/home.json');
    protection: typeof import('../../locales/fil-PH/protection.json');
    record: typeof import('../../locales/fil-PH/record.json');
    server: typeof import('../../locales/fil-PH/server.json');
    user: typeof import('../../locales/fil-PH/user.json');
  };
  'vi-VN': {
    'account-transfer': typeof import('../../locales/vi-VN/account-transfer.json');
    admin: typeof import('../../locales/vi-VN/admin.json');
    agent: typeof import('../../locales/vi-VN/agent.json');
    'agent-reports': typeof import('../../locales/vi-VN/agent-reports.json');
    'agent-members': typeof import('../../locales/vi-VN/agent-members.json');
    auth: typeof import('../../locales/vi-VN/auth.json');
    content: typeof import('../../locales/vi-VN/content.json');
    crypto: typeof import('../../locales/vi-VN/crypto.json');
    'family-declaration': typeof import('../../locales/vi-VN/family-declaration.json');
    finance: typeof import('../../locales/vi-VN/finance.json');
    hall: typeof import('../../locales/vi-VN/hall.json');
    home: typeof import('../../locales/vi-VN/home.json');
    protection: typeof import('../../locales/vi-VN/protection.json');
    record: typeof import('../../locales/vi-VN/record.json');
    server: typeof import('../../locales/vi-VN/server.json');
    user: typeof import('../../locales/vi-VN/user.json');
  };
}

/** Every `locale namespace:path.value` without a text; never when each value has one everywhere. */
type MissingLabels = {
  [L in Locale]: { [E in LabelledEnum]: UnlabelledValues<LocaleFiles[L], L, EnumLabels[E]> }[LabelledEnum];
}[Locale];

/** Takes a type argument only when it is never; tsc names the members of any other. */
function withoutMissingLabels<_Missing extends never>(): true {
  return true;
}

/**
 * Compiles only while no label is missing: otherwise tsc reports which keys do not satisfy
 * `never`, e.g. `"en-US record:types.movements.gameBet"`.
 */
export const everyEnumLabelled = withoutMissingLabels<MissingLabels>();
