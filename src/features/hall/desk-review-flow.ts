import { adminGameMachineSetEnabled, adminGameSetEnabled } from '@contract/hall-desk';
import { operatorApi } from '../admin/operator-api';
import { inlineRefusal, type SendDecision } from '../admin/review-flow';

/** Switching a game or a machine on or off takes the reason path too: the audit log keeps why. */
export function gameSwitch(target: { gameId: number } | { machineId: number }, enabled: boolean): SendDecision {
  return (decision) => {
    if (decision.outcome !== 'reject') throw new Error('a switch is sent with its reason');
    const body = { enabled, reason: decision.reason };
    return 'gameId' in target
      ? operatorApi.call(adminGameSetEnabled, { ...body, gameId: target.gameId }, inlineRefusal)
      : operatorApi.call(adminGameMachineSetEnabled, { ...body, machineId: target.machineId }, inlineRefusal);
  };
}
