/**
 * The operator of the mixed load at the review desk: decides on withdrawals waiting for review,
 * sometimes two decisions on one withdrawal at once from two desks, and looks players up.
 */
import { randomInt } from 'node:crypto';
import { type Caller, callApi, type LoadContext, pick, RoundRobin } from './mixed-load-client';
import type { BenchPlayer } from './mixed-load-setup';
import { sleep } from './processes';

const rejectReason = '口座名義を確認できませんでした';
/** Pause of the operator between two looks at the review queue, so some withdrawals wait and stay held. */
const operatorPauseMs = 300;

type Decision = 'approve' | 'reject';

/**
 * The review desk: looks at the queue (oldest first), decides on some of it (approve, reject with a
 * reason, or two decisions from two desks at once on both processes, of which exactly one may win),
 * now and then looks a player up, and pauses.
 */
export async function operatorLoop(context: LoadContext, operator: Caller, players: BenchPlayer[]) {
  const servers = new RoundRobin(context.urls);
  const { tally } = context;
  while (context.running()) {
    const queue = await callApi<{ list: { orderSn: string }[] }>(
      tally,
      'operator: review queue',
      servers.next(),
      '/v2/admin/withdrawal/list',
      { pageSize: 10 },
      operator,
      {
        expected: [200],
      },
    );
    const waiting = queue?.body?.data?.list ?? [];
    for (const { orderSn } of waiting.slice(0, randomInt(waiting.length + 1))) {
      if (!context.running()) break;
      await review(context, servers, operator, orderSn);
    }
    if (Math.random() < 0.3)
      await callApi(tally, 'operator: player search', servers.next(), '/v2/admin/user/search', {}, operator, {
        expected: [200],
      });
    if (Math.random() < 0.3) {
      await callApi(
        tally,
        'operator: player ledger',
        servers.next(),
        '/v2/admin/user/ledger',
        { userId: pick(players).userId },
        operator,
        { expected: [200] },
      );
    }
    await sleep(operatorPauseMs);
  }
}

function decide(
  context: LoadContext,
  operator: Caller,
  call: { url: string; what: string; decision: Decision; orderSn: string; expected: number[] },
) {
  const { decision, orderSn } = call;
  return callApi(
    context.tally,
    call.what,
    call.url,
    `/v2/admin/withdrawal/${decision}`,
    decision === 'approve' ? { orderSn } : { orderSn, reason: rejectReason },
    operator,
    {
      expected: call.expected,
    },
  );
}

/** One withdrawal of the queue: approved or rejected, or two decisions on it at once. */
async function review(context: LoadContext, servers: RoundRobin, operator: Caller, orderSn: string) {
  const { told } = context;
  const roll = Math.random();
  if (roll < 0.1) {
    await decideTwiceAtOnce(context, operator, orderSn, roll < 0.05 ? ['approve', 'approve'] : ['approve', 'reject']);
  } else if (roll < 0.6) {
    const what = 'operator: approve';
    const answer = await decide(context, operator, {
      url: servers.next(),
      what,
      decision: 'approve',
      orderSn,
      expected: [200],
    });
    if (answer?.status === 200) told.approved.add(orderSn);
  } else {
    const what = 'operator: reject';
    const answer = await decide(context, operator, {
      url: servers.next(),
      what,
      decision: 'reject',
      orderSn,
      expected: [200],
    });
    if (answer?.status === 200) told.rejected.add(orderSn);
  }
}

/** Two desks decide on one withdrawal at once, one on each process: exactly one decision may win. */
async function decideTwiceAtOnce(
  context: LoadContext,
  operator: Caller,
  orderSn: string,
  decisions: readonly [Decision, Decision],
) {
  const { tally, told } = context;
  const what = decisions[1] === 'approve' ? 'operator: approve, twice at once' : 'operator: approve and reject at once';
  const answers = await Promise.all(
    decisions.map((decision, index) =>
      decide(context, operator, {
        url: context.urls[index % context.urls.length]!,
        what,
        decision,
        orderSn,
        expected: [200, 409],
      }),
    ),
  );
  const winners = decisions.filter((_, index) => answers[index]?.status === 200);
  if (winners[0] === 'approve') told.approved.add(orderSn);
  if (winners[0] === 'reject') told.rejected.add(orderSn);
  if (winners.length !== 1 && answers.every((answer) => answer && answer.status < 500)) {
    tally.problem(
      `${decisions.join(' and ')} of ${orderSn} sent to both processes at once were accepted ${winners.length} times`,
    );
  }
}
