import type { StationLetterKind } from '@contract/letters';
import type { Database } from '@server/db/client';

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
