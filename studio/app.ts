/**
 * The game studio's own API (contract/studio.ts) for its game page: POST, JSON, answered in the
 * `{ code, msg, data }` envelope with the HTTP status equal to `code` and `msg` in the request's
 * language. The studio is a game provider like any other: it reaches the wallet only through the
 * signed protocol over HTTP (docs/architecture.md §12), and keeps its own tables.
 */
import { type Locale, negotiateLocale } from '@contract/locales';
import { type ProtectionRefusal, protectionRefusals } from '@contract/protection';
import {
  leaveStudioSession,
  openStudioSession,
  playStudioRound,
  resumeStudioRound,
  rotateStudioSeed,
  type StudioCall,
  setStudioClientSeed,
  studioRoundProof,
  studioSessionHeader,
} from '@contract/studio';
import { studioTitle } from '@games/catalogue';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { type RefusalReason, rounds, seeds } from './db/schema';
import { createStudioMessages, type StudioTranslate } from './messages';
import { mountPachislot } from './pachislot-api';
import { recoverPachislotGames } from './pachislot-games';
import {
  bringToEnd,
  playStudioRound as play,
  type RoundRow,
  recoverRounds,
  resumePlayerRounds,
  roundByKey,
  roundView,
} from './rounds';
import { committedSeeds, fairnessOf, retireLeftSeed, retireLeftSeeds, rotateSeed, setClientSeed } from './seeds';
import { currentBalance, endSession, openSession, type SessionRow, sessionOf } from './sessions';
import { type Studio, type StudioDeps, StudioError, studioOf } from './studio-deps';

type StudioEnv = { Variables: { t: StudioTranslate; locale: Locale } };

const maxBodyBytes = 16 * 1024;
/** What a 503 asks the page to wait before it asks again, as the product's own API does. */
const retryAfterSeconds = 2;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The studio's API, every call at its contract path (mount it at the root, or forward `/studio/api/*` to it). */
export async function createStudioApp(deps: StudioDeps): Promise<Hono<StudioEnv>> {
  const studio = studioOf(deps);
  const translatorOf = createStudioMessages();
  const app = new Hono<StudioEnv>();
  app.use(async (c, next) => {
    const locale = negotiateLocale(c.req.header('accept-language'));
    c.set('locale', locale);
    c.set('t', translatorOf(locale));
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.use(bodyLimit({ maxSize: maxBodyBytes, onError: () => Promise.reject(new StudioError(400, 'invalidInput')) }));
  app.onError((error, c) => {
    const t = c.get('t');
    if (studio.isDatabaseUnavailable(error)) {
      // The database is restarting or failing over: only this call failed, its transaction rolled
      // back with the connection. A round it left half done is finished by a retry with its key
      // or by the recovery, as after a crash.
      deps.logger.warn({ err: error, path: c.req.path }, 'studio database unavailable');
      c.header('Retry-After', String(retryAfterSeconds));
      return c.json({ code: 503, msg: t('databaseUnavailable') }, 503);
    }
    if (error instanceof StudioError) return refusal(error, c);
    deps.logger.error({ err: error, path: c.req.path }, 'studio call failed');
    return c.json({ code: 500, msg: t('internal') }, 500);
  });

  function handle<B extends v.GenericSchema, D extends v.GenericSchema>(
    call: StudioCall<B, D>,
    handler: (body: v.InferOutput<B>, c: Context<StudioEnv>) => Promise<v.InferOutput<D>>,
  ) {
    app.post(call.path, async (c) => {
      const data = await handler(await parsedBody(call, c), c);
      return c.json({ code: 200, msg: c.get('t')('ok'), data });
    });
  }
  const sessionFrom = (c: Context<StudioEnv>) => sessionOf(studio, c.req.header(studioSessionHeader));

  handle(openStudioSession, ({ launchToken }, c) => openedSession(studio, launchToken, c.get('locale')));

  handle(playStudioRound, async ({ stake, roundKey }, c) => {
    const session = await sessionFrom(c);
    const round = ended(await play(studio, session, stake, roundKey));
    return {
      round: roundView(round),
      balance: round.balance ?? (await currentBalance(studio, session)),
      fairness: fairnessOf(await committedSeeds(studio, session.player, session.gameCode)),
    };
  });

  handle(resumeStudioRound, async ({ roundKey }, c) => resumedRound(studio, await sessionFrom(c), roundKey));

  handle(setStudioClientSeed, async (body, c) => {
    const session = await sessionFrom(c);
    return { fairness: await setClientSeed(studio, session.player, session.gameCode, body) };
  });

  handle(rotateStudioSeed, async (body, c) => {
    const session = await sessionFrom(c);
    return rotateSeed(studio, session.player, session.gameCode, body);
  });

  handle(studioRoundProof, ({ roundId }) => roundProof(studio, roundId));

  handle(leaveStudioSession, async (_body, c) => {
    const session = await sessionFrom(c);
    await endSession(studio, session);
    return { revealed: await retireLeftSeed(studio, session.player, session.gameCode) };
  });

  mountPachislot(studio, (call, handler) => handle(call, (body, c) => handler(body, () => sessionFrom(c))));

  app.all('*', () => {
    throw new StudioError(404, 'notFound');
  });

  // Rounds a crash or a silent wallet left unfinished, and the seeds of players whose sessions ran
  // out, every minute, in one process at a time.
  await deps.schedule(async () => {
    await recoverRounds(studio);
    await recoverPachislotGames(studio);
    await retireLeftSeeds(studio);
  });
  return app;
}

/** A refused call's answer: its status, its message, and the message of each refused field. */
function refusal(error: StudioError, c: Context<StudioEnv>): Response {
  const t = c.get('t');
  if (error.status === 503) c.header('Retry-After', String(retryAfterSeconds));
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, t(key, { field })]))
    : undefined;
  return c.json(
    {
      code: error.status,
      msg: t(error.messageKey),
      ...(error.data === undefined ? {} : { data: error.data }),
      ...(fields ? { fields } : {}),
    },
    error.status,
  );
}

/** The call's JSON body as its schema parses it; a 400 naming each refused field otherwise. */
async function parsedBody<B extends v.GenericSchema>(
  call: StudioCall<B, v.GenericSchema>,
  c: Context<StudioEnv>,
): Promise<v.InferOutput<B>> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new StudioError(400, 'invalidInput');
  }
  const parsed = v.safeParse(call.body, json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.issues) {
      const field = v.getDotPath(issue) ?? 'body';
      fields[field] ??= 'invalidField';
    }
    throw new StudioError(400, 'invalidInput', undefined, fields);
  }
  return parsed.output;
}

async function openedSession(studio: Studio, launchToken: string, locale: Locale) {
  const opened = await openSession(studio, launchToken);
  const { session } = opened;
  const title = studioTitle(session.gameCode);
  if (!title) throw new StudioError(422, 'gameUnavailable');
  // Whatever the last visit left open is finished before anything new is played.
  const resumed = await resumePlayerRounds(studio, session.player, session.gameCode);
  const seeds = await committedSeeds(studio, session.player, session.gameCode);
  return {
    sessionToken: opened.token,
    game: {
      code: title.code,
      kind: title.kind,
      mechanic: title.mechanic,
      volatility: title.volatility,
      name: title.names[locale],
      stakes: [...title.stakes],
      rtpBasisPoints: title.rtpBasisPoints,
    },
    machineNumber: session.machine,
    currency: session.currency,
    balance: resumed ? await currentBalance(studio, session) : opened.balance,
    fairness: fairnessOf(seeds),
    resumedRound: resumed ? roundView(resumed) : null,
  };
}

async function resumedRound(studio: Studio, session: SessionRow, roundKey: string) {
  const found = await roundByKey(studio, session.player, roundKey);
  // A refused round booked nothing: as if the play had never arrived.
  const round = found && found.status !== 'refused' ? ended(await bringToEnd(studio, found)) : null;
  return {
    round: round ? roundView(round) : null,
    balance: await balanceNow(studio, session, round),
    fairness: fairnessOf(await committedSeeds(studio, session.player, session.gameCode)),
  };
}

async function roundProof(studio: Studio, roundId: string) {
  if (!uuidPattern.test(roundId)) throw new StudioError(404, 'roundNotFound');
  const [row] = await studio.db
    .select({ round: rounds, seed: seeds })
    .from(rounds)
    .innerJoin(seeds, eq(seeds.id, rounds.seedId))
    .where(eq(rounds.id, roundId.toLowerCase()));
  if (!row || row.round.status === 'refused') throw new StudioError(404, 'roundNotFound');
  return {
    gameCode: row.round.gameCode,
    round: roundView(row.round),
    clientSeed: row.round.clientSeed,
    serverSeedHash: row.seed.serverSeedHash,
    serverSeed: row.seed.status === 'retired' ? row.seed.serverSeed : null,
  };
}

/** A bet the player's own protection refused: its sentence says which and when it ends, its data names it. */
const protectionError = (reason: ProtectionRefusal) => () => new StudioError(403, `protection.${reason}`, { reason });

const refusalErrors: Record<RefusalReason, (round: RoundRow) => StudioError> = {
  notEnoughCoins: (round: RoundRow) => new StudioError(422, 'notEnoughCoins', { balance: round.balance }),
  sessionEnded: () => new StudioError(402, 'sessionEnded'),
  userDisabled: () => new StudioError(403, 'userDisabled'),
  ...(Object.fromEntries(protectionRefusals.map((reason) => [reason, protectionError(reason)])) as Record<
    ProtectionRefusal,
    () => StudioError
  >),
};

/**
 * A round as the page may show it: at its end, or booked and its win still on its way ('open').
 * A refused round answers its refusal; one whose bet could not be settled either way, 503.
 */
function ended(round: RoundRow): RoundRow {
  if (round.status === 'refused') throw refusalErrors[round.refusal ?? 'sessionEnded'](round);
  if (round.status === 'betting' || round.status === 'rollingBack') throw new StudioError(503, 'roundPending');
  return round;
}

/** The coins now; if the wallet has ended the session since, what the round's last answer said. */
async function balanceNow(studio: Studio, session: SessionRow, round: RoundRow | null): Promise<number> {
  try {
    return await currentBalance(studio, session);
  } catch (error) {
    if (round?.balance != null && error instanceof StudioError && error.status === 402) return round.balance;
    throw error;
  }
}
