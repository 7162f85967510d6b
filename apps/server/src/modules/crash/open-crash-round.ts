import { crashPointOf } from '@kismat/game-math/crash/crash-point';
import { crashDurationMs } from '@kismat/game-math/crash/growth';
import { desc, eq } from 'drizzle-orm';
import { crashChains, crashRounds } from '../../db/schema/crash';
import type { Db } from '../../platform/db';
import { chainLink, commitCrashChain } from './crash-chains';
import { CRASH_BETTING_MS } from './crash-rules';

export type CrashRoundRow = typeof crashRounds.$inferSelect;

/**
 * Opens the merchant's next round: the next link of the current chain (a new chain, committed
 * first, when it is used up), its crash point from that seed, and its whole timeline: bets from
 * `now` until running_at, the curve until crashes_at. Two leaders for a moment (a lease taken
 * over while the old node still ran) cannot open two rounds: (chain, index) is unique.
 */
export async function openCrashRound(db: Db, input: { merchantId: number; edgeBasisPoints: number; now: Date }): Promise<CrashRoundRow> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ round: crashRounds, chain: crashChains })
      .from(crashRounds)
      .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
      .where(eq(crashRounds.merchantId, input.merchantId))
      .orderBy(desc(crashRounds.id))
      .limit(1);
    if (last && last.round.settledAt === null) return last.round;
    const isChainLeft = last && last.round.roundIndex < last.chain.length;
    const chain = isChainLeft
      ? last.chain
      : await commitCrashChain(tx, { merchantId: input.merchantId, edgeBasisPoints: input.edgeBasisPoints, now: input.now });
    const roundIndex = isChainLeft ? last.round.roundIndex + 1 : 1;
    const seedHex = chainLink(chain, roundIndex);
    const crashPoint = crashPointOf(seedHex, chain.salt, chain.edgeBasisPoints);
    const runningAt = new Date(input.now.getTime() + CRASH_BETTING_MS);
    const [row] = await tx
      .insert(crashRounds)
      .values({
        merchantId: input.merchantId,
        chainId: chain.id,
        roundIndex,
        seedHex,
        crashPoint,
        bettingOpensAt: input.now,
        runningAt,
        crashesAt: new Date(runningAt.getTime() + crashDurationMs(crashPoint)),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const [twin] = await tx
      .select()
      .from(crashRounds)
      .where(eq(crashRounds.merchantId, input.merchantId))
      .orderBy(desc(crashRounds.id))
      .limit(1);
    if (!twin) throw new Error('crash round not opened');
    return twin;
  });
}
