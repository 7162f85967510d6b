import { and, eq, sql } from 'drizzle-orm';
import { rgLimits, rgState } from '../../db/schema/responsible-gambling';
import type { DbOrTx, Tx } from '../../platform/db';

export type RgStateRow = typeof rgState.$inferSelect;
export type RgLimitRow = typeof rgLimits.$inferSelect;

export interface MemberRef {
  merchantId: number;
  memberId: number;
}

/** The member's state row, created on first use and locked for the rest of the transaction. */
export async function lockState(tx: Tx, member: MemberRef, now: Date): Promise<RgStateRow> {
  await tx
    .insert(rgState)
    .values({ memberId: member.memberId, merchantId: member.merchantId, sessionStartedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(rgState)
    .where(and(eq(rgState.memberId, member.memberId), eq(rgState.merchantId, member.merchantId)))
    .for('update');
  if (!row) throw new Error('rg_state not found for the member of this merchant');
  return row;
}

export async function readState(db: DbOrTx, member: MemberRef): Promise<RgStateRow | undefined> {
  const [row] = await db
    .select()
    .from(rgState)
    .where(and(eq(rgState.memberId, member.memberId), eq(rgState.merchantId, member.merchantId)));
  return row;
}

export async function readLimits(db: DbOrTx, member: MemberRef): Promise<RgLimitRow[]> {
  return db
    .select()
    .from(rgLimits)
    .where(and(eq(rgLimits.memberId, member.memberId), eq(rgLimits.merchantId, member.merchantId)))
    .orderBy(rgLimits.kind, rgLimits.period);
}

/**
 * The money paths' switches, from the limits in force: deposits are counted while a DEPOSIT limit
 * exists; stakes, wins and play time while a LOSS, WAGER or SESSION_TIME limit or a reality check does.
 */
export async function refreshTracking(tx: Tx, member: MemberRef, now: Date): Promise<void> {
  // Play figures were not counted while tracks_play was off: a session's figures start now then.
  await tx.execute(sql`
    UPDATE rg_state s
       SET session_started_at = CASE WHEN s.tracks_play THEN s.session_started_at ELSE ${now.toISOString()}::timestamptz END,
           session_staked = CASE WHEN s.tracks_play THEN s.session_staked ELSE 0 END,
           session_won = CASE WHEN s.tracks_play THEN s.session_won ELSE 0 END,
           last_activity_at = CASE WHEN s.tracks_play THEN s.last_activity_at ELSE NULL END,
           tracks_deposit = EXISTS (SELECT 1 FROM rg_limits l WHERE l.member_id = s.member_id AND l.kind = 'DEPOSIT'),
           tracks_play = s.reality_check_minutes IS NOT NULL
                      OR EXISTS (SELECT 1 FROM rg_limits l WHERE l.member_id = s.member_id AND l.kind <> 'DEPOSIT')
     WHERE s.member_id = ${member.memberId}`);
}
