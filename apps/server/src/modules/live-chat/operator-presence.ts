import { and, eq, gt, sql } from 'drizzle-orm';
import { liveChatOperatorPresence } from '../../db/schema/live-chat';
import type { DbOrTx } from '../../platform/db';

/** A console socket refreshes its operator's presence this often... */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** ...and an operator counts as online while seen within this (a node that died stops refreshing). */
export const PRESENCE_TTL_MS = 30_000;

/** Marks an operator's console as live for a merchant (on connect and every heartbeat, any node). */
export async function markOperatorSeen(db: DbOrTx, input: { merchantId: number; operatorName: string; now: Date }): Promise<void> {
  await db
    .insert(liveChatOperatorPresence)
    .values({ merchantId: input.merchantId, operatorName: input.operatorName, seenAt: input.now })
    .onConflictDoUpdate({
      target: [liveChatOperatorPresence.merchantId, liveChatOperatorPresence.operatorName],
      set: { seenAt: sql`excluded.seen_at` },
    });
}

/** The operator's console closed (its last socket on this node): not online any more. */
export async function markOperatorGone(db: DbOrTx, input: { merchantId: number; operatorName: string }): Promise<void> {
  await db
    .delete(liveChatOperatorPresence)
    .where(and(eq(liveChatOperatorPresence.merchantId, input.merchantId), eq(liveChatOperatorPresence.operatorName, input.operatorName)));
}

/** The operators with a live console for this merchant. */
export async function listOnlineOperators(db: DbOrTx, merchantId: number, now: Date): Promise<string[]> {
  const rows = await db
    .select({ name: liveChatOperatorPresence.operatorName })
    .from(liveChatOperatorPresence)
    .where(
      and(
        eq(liveChatOperatorPresence.merchantId, merchantId),
        gt(liveChatOperatorPresence.seenAt, new Date(now.getTime() - PRESENCE_TTL_MS)),
      ),
    );
  return rows.map((row) => row.name);
}

export async function isOperatorOnline(db: DbOrTx, merchantId: number, now: Date): Promise<boolean> {
  return (await listOnlineOperators(db, merchantId, now)).length > 0;
}
