import { formatMultiplier } from '@kismat/game-math/crash/crash-point';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import { crashBets, crashChains, crashRounds } from '../../db/schema/crash';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { chainLink } from './crash-chains';
import { CRASH_FEED_SIZE, CRASH_HISTORY_SIZE } from './crash-rules';
import { presentCrashBet, presentCrashRound } from './present-crash';

/** The merchant's current round (the newest) with its chain, or a GAME_UNAVAILABLE when the engine never opened one. */
export async function readCurrentRound(db: DbOrTx, merchantId: number) {
  const [row] = await db
    .select({ round: crashRounds, chain: crashChains })
    .from(crashRounds)
    .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
    .where(eq(crashRounds.merchantId, merchantId))
    .orderBy(desc(crashRounds.id))
    .limit(1);
  if (!row) throw new AppError('GAME_UNAVAILABLE');
  return row;
}

/** What the crash screen shows: the round, its bets (newest first), the last crash points, the member's bet. */
export async function readCrashState(db: DbOrTx, input: { merchantId: number; memberId: number; now: Date }) {
  const { round, chain } = await readCurrentRound(db, input.merchantId);
  const bets = await db.select().from(crashBets).where(eq(crashBets.roundId, round.id)).orderBy(desc(crashBets.id)).limit(CRASH_FEED_SIZE);
  const [mine] = await db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), eq(crashBets.memberId, input.memberId)));
  const history = await db
    .select({ id: crashRounds.id, crashPoint: crashRounds.crashPoint })
    .from(crashRounds)
    .where(and(eq(crashRounds.merchantId, input.merchantId), lte(crashRounds.crashesAt, input.now)))
    .orderBy(desc(crashRounds.id))
    .limit(CRASH_HISTORY_SIZE);
  return {
    round: presentCrashRound(round, chain, input.now),
    bets: bets.map((bet) => presentCrashBet(bet, input.memberId)),
    history: history.map((entry) => ({ roundId: String(entry.id), crashPoint: formatMultiplier(entry.crashPoint) })),
    myBet: mine ? presentCrashBet(mine, input.memberId) : null,
  };
}

/** The member's own bets, newest first, with each round's crash point once crashed. */
export async function listMyCrashBets(db: DbOrTx, input: { memberId: number; now: Date; pageNo: number; pageSize: number }) {
  const rows = await db
    .select({ bet: crashBets, crashPoint: crashRounds.crashPoint, crashesAt: crashRounds.crashesAt })
    .from(crashBets)
    .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
    .where(eq(crashBets.memberId, input.memberId))
    .orderBy(desc(crashBets.id))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  const [total] = await db.select({ value: count() }).from(crashBets).where(eq(crashBets.memberId, input.memberId));
  return {
    list: rows.map((row) => ({
      ...presentCrashBet(row.bet, input.memberId),
      crashPoint: row.crashesAt <= input.now ? formatMultiplier(row.crashPoint) : null,
      placedAt: row.bet.placedAt.toISOString(),
    })),
    total: Number(total?.value ?? 0),
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

/** A round to verify: its published fields and the link its seed must hash to. */
export async function readCrashRoundVerify(db: DbOrTx, input: { merchantId: number; roundId: number; now: Date }) {
  const [row] = await db
    .select({ round: crashRounds, chain: crashChains })
    .from(crashRounds)
    .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
    .where(and(eq(crashRounds.id, input.roundId), eq(crashRounds.merchantId, input.merchantId)));
  if (!row) throw new AppError('NOT_FOUND');
  const { round, chain } = row;
  return {
    round: presentCrashRound(round, chain, input.now),
    previousLink: round.roundIndex === 1 ? chain.commitment : chainLink(chain, round.roundIndex - 1),
    chainLength: chain.length,
  };
}
