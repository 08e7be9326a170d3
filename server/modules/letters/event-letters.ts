import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { stationLetters } from '@server/db/schema/letters';
import type { EventLetter } from '@server/shared/event-letters';

const eventKeyOf = (letter: Pick<EventLetter, 'kind' | 'subject'>) => `${letter.kind}:${letter.subject}`;

/**
 * The letter job: writes the letter once. A job that runs again (a retry, a second process after a
 * crash) meets the unique event key and writes nothing.
 */
export async function writeEventLetter(db: Database, clock: Clock, letter: EventLetter): Promise<void> {
  await db
    .insert(stationLetters)
    .values({
      audience: 'player',
      userId: letter.userId,
      kind: letter.kind,
      params: letter.params,
      eventKey: eventKeyOf(letter),
      sentAt: clock.now(),
    })
    .onConflictDoNothing({ target: stationLetters.eventKey });
}
