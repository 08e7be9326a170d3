import type { Database } from '@server/db/client';
import { sql } from 'drizzle-orm';
import { queryRows } from './ledger-invariants';

export interface StudioRoundBooking {
  id: string;
  round_key: string;
  status: string;
  win: number;
  /** Whether the wallet booked the round as it ended. */
  booked: boolean;
}

/**
 * Every studio round beside what the wallet booked for it. A round is booked as it ended when it was
 * won (the bet and the win booked, neither undone), or given back or refused (the bet undone, never
 * booked, or refused; no win); an unfinished round never is.
 */
export function studioRoundBookings(db: Database): Promise<StudioRoundBooking[]> {
  return queryRows<StudioRoundBooking>(
    db,
    sql`SELECT r.id, r.round_key, r.status, r.win,
               CASE r.status
                 WHEN 'settled' THEN bet.kind = 'bet' AND bet.rolled_back_at IS NULL AND bet.amount = r.stake
                                 AND won.kind = 'win' AND won.rolled_back_at IS NULL AND won.amount = r.win
                 WHEN 'rolledBack' THEN (bet.id IS NULL OR bet.kind = 'tombstone' OR bet.rolled_back_at IS NOT NULL)
                                 AND won.id IS NULL
                 WHEN 'refused' THEN (bet.id IS NULL OR bet.kind = 'tombstone' OR bet.rolled_back_at IS NOT NULL)
                                 AND won.id IS NULL
                 ELSE false
               END AS booked
        FROM studio.rounds r
        LEFT JOIN wallet_transactions bet
          ON bet.provider_id = 'studio' AND bet.transaction_uuid = r.bet_transaction_uuid::text
        LEFT JOIN wallet_transactions won
          ON won.provider_id = 'studio' AND won.transaction_uuid = r.win_transaction_uuid::text`,
  );
}
