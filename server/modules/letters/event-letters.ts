import type { StationLetterKind } from '@contract/letters';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { stationLetters } from '@server/db/schema/letters';

/** A letter the product writes to one player when something happens to them (docs/requirements.md §13.2). */
export interface EventLetter {
  userId: number;
  kind: Exclude<StationLetterKind, 'operator'>;
  /** What happened, unique per event (`kyc:12`, `deposit:D…`): with the kind it is the letter's key. */
  subject: string;
  /** Values its text interpolates (order number, amount, the operator's reason). */
  params: Record<string, string | number>;
}

export interface EventLetters {
  /**
   * Adds the job that writes the letter through `db`: called in the transaction of the event, the
   * job exists exactly when the event does, and outlives a restart.
   */
  send(db: Database, letter: EventLetter): Promise<void>;
}

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
