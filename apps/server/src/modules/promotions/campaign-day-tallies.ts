import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { promotionMemberDays } from '../../db/schema/promotion-campaigns';
import type { DbOrTx, Tx } from '../../platform/db';
import type { Fact, FactEngine } from '../facts/index';
import { advanceReferrals } from './referral-qualify';

/*
 * A member's credited deposits and valid bet per site day (the merchant's time zone), kept from
 * facts. Red-envelope chances, raffle eligibility and invite-friends qualification read them, so
 * a deposit or a round counts once, whichever game path or gateway produced it.
 */

export interface DayTally {
  deposit: bigint;
  validBet: bigint;
}

/** The site day of a moment: YYYY-MM-DD at the merchant's offset from UTC. */
export function siteDayOf(at: Date, utcOffsetMinutes: number): string {
  return new Date(at.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The member's tally of one site day (zero when nothing happened that day). */
export async function readDayTally(db: DbOrTx, memberId: number, dayKey: string): Promise<DayTally> {
  const [row] = await db
    .select({ deposit: promotionMemberDays.depositTotal, validBet: promotionMemberDays.validBetTotal })
    .from(promotionMemberDays)
    .where(and(eq(promotionMemberDays.memberId, memberId), eq(promotionMemberDays.dayKey, dayKey)));
  return row ?? { deposit: 0n, validBet: 0n };
}

/** The member's totals over site days from..to (inclusive, YYYY-MM-DD). */
export async function sumDayTallies(db: DbOrTx, memberId: number, fromDay: string, toDay: string): Promise<DayTally> {
  const [row] = await db
    .select({
      deposit: sql<string>`coalesce(sum(${promotionMemberDays.depositTotal}), 0)`,
      validBet: sql<string>`coalesce(sum(${promotionMemberDays.validBetTotal}), 0)`,
    })
    .from(promotionMemberDays)
    .where(
      and(eq(promotionMemberDays.memberId, memberId), gte(promotionMemberDays.dayKey, fromDay), lte(promotionMemberDays.dayKey, toDay)),
    );
  return { deposit: BigInt(row?.deposit ?? 0), validBet: BigInt(row?.validBet ?? 0) };
}

/** Adds a batch of facts to the day tallies, one upsert per (member, day). */
export async function addFactsToDayTallies(tx: Tx, facts: readonly Fact[]): Promise<void> {
  if (facts.length === 0) return;
  const merchantIds = [...new Set(facts.map((fact) => fact.merchantId))];
  const offsets = new Map(
    (
      await tx
        .select({ id: merchants.id, utcOffsetMinutes: merchants.utcOffsetMinutes })
        .from(merchants)
        .where(inArray(merchants.id, merchantIds))
    ).map((row) => [row.id, row.utcOffsetMinutes]),
  );
  const sums = new Map<string, { memberId: number; merchantId: number; dayKey: string; deposit: bigint; validBet: bigint }>();
  for (const fact of facts) {
    const dayKey = siteDayOf(fact.occurredAt, offsets.get(fact.merchantId) ?? 0);
    const key = `${fact.memberId}|${dayKey}`;
    const sum = sums.get(key) ?? { memberId: fact.memberId, merchantId: fact.merchantId, dayKey, deposit: 0n, validBet: 0n };
    if (fact.kind === 'DEPOSIT') sum.deposit += fact.amount;
    else sum.validBet += fact.amount;
    sums.set(key, sum);
  }
  // Sorted, so two batches touching the same members lock their rows in one order.
  const rows = [...sums.values()].sort((a, b) => a.memberId - b.memberId || a.dayKey.localeCompare(b.dayKey));
  await tx
    .insert(promotionMemberDays)
    .values(rows.map((row) => ({ ...row, depositTotal: row.deposit, validBetTotal: row.validBet })))
    .onConflictDoUpdate({
      target: [promotionMemberDays.memberId, promotionMemberDays.dayKey],
      set: {
        depositTotal: sql`${promotionMemberDays.depositTotal} + excluded.deposit_total`,
        validBetTotal: sql`${promotionMemberDays.validBetTotal} + excluded.valid_bet_total`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * The promotion kinds' fact engine: day tallies, then invite-friends qualification of the
 * members the batch touched (a friend who just reached the thresholds is paid or flagged here).
 */
export const memberDayTalliesEngine: FactEngine = {
  name: 'promotions.member-days',
  async apply(tx, facts) {
    await addFactsToDayTallies(tx, facts);
    const latest = new Date(Math.max(0, ...facts.map((fact) => fact.occurredAt.getTime())));
    await advanceReferrals(tx, [...new Set(facts.map((fact) => fact.memberId))], latest);
  },
};
