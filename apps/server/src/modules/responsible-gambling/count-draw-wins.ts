import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { hourOf } from './rg-rules';

/**
 * A lottery draw's wins against loss limits and the reality check's session figures: one
 * set-based statement for every winner of the draw, touching only members whose play is counted
 * (tracks_play). Trial accounts are left out by the caller. Call it in the draw's transaction,
 * after its payouts (the ledger rows are locked first, as in every money path).
 */
export async function countDrawWins(
  tx: Tx,
  wins: readonly { merchantId: number; memberId: number; winMinor: bigint }[],
  now: Date,
): Promise<void> {
  const rows = wins.filter((win) => win.winMinor > 0n);
  if (rows.length === 0) return;
  const input = JSON.stringify(rows.map((win) => ({ merchant_id: win.merchantId, member_id: win.memberId, won: win.winMinor.toString() })));
  await tx.execute(sql`
    WITH input AS (
      SELECT i.member_id, i.merchant_id, sum(i.won) AS won
        FROM jsonb_to_recordset(${input}::jsonb) AS i(merchant_id integer, member_id bigint, won bigint)
       GROUP BY i.member_id, i.merchant_id),
    tracked AS (
      UPDATE rg_state s SET session_won = s.session_won + input.won
        FROM input
       WHERE s.member_id = input.member_id AND s.merchant_id = input.merchant_id AND s.tracks_play
      RETURNING s.member_id, s.merchant_id, input.won)
    INSERT INTO rg_usage_buckets AS b (member_id, hour, merchant_id, won)
    SELECT member_id, ${hourOf(now).toISOString()}::timestamptz, merchant_id, won FROM tracked ORDER BY member_id
    ON CONFLICT (member_id, hour) DO UPDATE SET won = b.won + excluded.won`);
}
