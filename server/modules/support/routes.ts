import {
  adminSupportMessageList,
  adminSupportMessageOpen,
  adminSupportMessageReply,
  adminSupportSettingsQuery,
  adminSupportSettingsSet,
  supportInfoQuery,
  supportMessageSend,
} from '@contract/support';
import { route } from '@server/contract-router';
import { playerRequestOf } from '@server/shared/player-deps';
import {
  openSupportMessage,
  replyToSupportMessage,
  type SupportDeps,
  sendSupportMessage,
  supportMessagePage,
} from './messages';
import { deskSupportSettings, setSupportSettings, supportInfo } from './settings';

export function supportRoutes(deps: SupportDeps) {
  return [
    route(supportInfoQuery, (context) => supportInfo(deps, playerRequestOf(context))),
    route(supportMessageSend, (context) =>
      sendSupportMessage(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminSupportSettingsQuery, () => deskSupportSettings(deps)),
    route(adminSupportSettingsSet, (context) =>
      setSupportSettings(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminSupportMessageList, ({ body }) => supportMessagePage(deps, body)),
    route(adminSupportMessageOpen, ({ body }) => openSupportMessage(deps, body)),
    route(adminSupportMessageReply, (context) =>
      replyToSupportMessage(deps, playerRequestOf(context), context.principal, context.body),
    ),
  ];
}
