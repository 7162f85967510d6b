import type { Language } from '@kismat/contracts/languages';
import { isTargetReached, payoutAt } from '@kismat/game-math/crash/crash-point';
import { multiplierAtElapsed } from '@kismat/game-math/crash/growth';
import { and, eq, sql } from 'drizzle-orm';
import { crashBets, crashRounds } from '../../db/schema/crash';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { postHousePayout } from '../house-games/index';
import { readAccountCash } from '../wallet/index';
import type { CrashRoundRow } from './open-crash-round';
import type { CrashBetRow } from './place-crash-bet';
import { recordCrashGameRound } from './record-crash-game-round';

export interface CashOutResult {
  bet: CrashBetRow;
  balanceMinor: bigint;
  /** The bet was already cashed out (a retry, or one of many parallel requests): nothing was paid now. */
  isReplay: boolean;
}

/**
 * The multiplier a cash-out at `now` gets, by the SERVER's clock (the browser's curve is only a
 * picture): null once the curve reached the crash point. An auto target the curve has passed
 * pays the target itself (that is when it cashed out, whoever noticed first).
 */
export function cashOutMultiplierAt(round: CrashRoundRow, bet: Pick<CrashBetRow, 'autoCashOut'>, now: Date): number | null {
  const current = multiplierAtElapsed(now.getTime() - round.runningAt.getTime());
  if (bet.autoCashOut !== null && isTargetReached(bet.autoCashOut, round.crashPoint) && bet.autoCashOut <= current) return bet.autoCashOut;
  if (now >= round.crashesAt || current >= round.crashPoint) return null;
  return current;
}

/**
 * Pays one bet at a multiplier, inside the caller's transaction, which holds the bet row locked
 * FOR UPDATE: OPEN -> CASHED guarded in the same statement, the payout transfer under a key
 * unique per bet, the settled game round and its fact, the responsible-gambling win.
 */
export async function payCrashBet(
  tx: Tx,
  bet: CrashBetRow,
  multiplier: number,
  now: Date,
  rg: { language?: Language; utcOffsetMinutes?: number } = {},
): Promise<CrashBetRow> {
  const payoutMinor = payoutAt(bet.stakeMinor, multiplier);
  const [cashed] = await tx
    .update(crashBets)
    .set({ status: 'CASHED', cashOut: multiplier, payoutMinor, settledAt: now })
    .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, 'OPEN')))
    .returning();
  if (!cashed) throw new AppError('CRASH_BET_SETTLED');
  const payout = await postHousePayout(tx, {
    merchantId: bet.merchantId,
    memberId: bet.memberId,
    accounts: { memberAccountId: bet.memberAccountId, houseAccountId: bet.houseAccountId, isTrial: bet.isTrial },
    idempotencyKey: `crash:${bet.id}:payout`,
    reference: { kind: 'crash_bet', id: String(bet.id) },
    metadata: { round: String(bet.roundId), multiplier },
    payoutMinor,
    now,
    language: rg.language,
    utcOffsetMinutes: rg.utcOffsetMinutes,
  });
  await recordCrashGameRound(tx, cashed, now);
  const [paid] = await tx.update(crashBets).set({ payoutTransferId: payout.transfer.id }).where(eq(crashBets.id, bet.id)).returning();
  return paid ?? cashed;
}

/**
 * A member cashes out their bet of a round, in ONE transaction. The bet row is locked first, so
 * fifty parallel requests (a double tap, a script, a retry storm) run one after another: the
 * first pays, the others find it CASHED and replay its result without paying again (the payout
 * transfer's key is unique per bet besides). A request at or after the crash point, by the
 * server's clock, is refused whatever the browser showed.
 */
export async function cashOutCrashBet(
  db: Db,
  input: { merchantId: number; memberId: number; roundId: number; now: Date; language?: Language; utcOffsetMinutes?: number },
): Promise<CashOutResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ bet: crashBets, round: crashRounds })
      .from(crashBets)
      .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
      .where(and(eq(crashBets.roundId, input.roundId), eq(crashBets.memberId, input.memberId), eq(crashBets.merchantId, input.merchantId)))
      .for('update', { of: crashBets });
    if (!row) throw new AppError('CRASH_BET_NOT_FOUND');
    const { bet, round } = row;
    if (bet.status === 'CASHED') return { bet, balanceMinor: (await readAccountCash(tx, bet.memberAccountId)).balance, isReplay: true };
    if (bet.status === 'LOST') throw new AppError('CRASH_ROUND_CRASHED');
    if (input.now < round.runningAt) throw new AppError('CRASH_NOT_RUNNING');
    const multiplier = cashOutMultiplierAt(round, bet, input.now);
    if (multiplier === null) throw new AppError('CRASH_ROUND_CRASHED');
    const paid = await payCrashBet(tx, bet, multiplier, input.now, input);
    return { bet: paid, balanceMinor: (await readAccountCash(tx, bet.memberAccountId)).balance, isReplay: false };
  });
}

/**
 * The engine's auto cash-outs: every OPEN bet of a running round whose target the curve has
 * reached by `now` (and the crash point allows), each in its own transaction so one refused
 * payment (a responsible-gambling lock wait) does not hold the others. Returns the bets paid.
 */
export async function cashOutAutoTargets(db: Db, round: CrashRoundRow, now: Date): Promise<CrashBetRow[]> {
  const reached = Math.min(multiplierAtElapsed(now.getTime() - round.runningAt.getTime()), round.crashPoint);
  const due = await db
    .select({ id: crashBets.id })
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, 'OPEN'), sql`${crashBets.autoCashOut} <= ${reached}`));
  const paid: CrashBetRow[] = [];
  for (const { id } of due) {
    const bet = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(crashBets).where(eq(crashBets.id, id)).for('update');
      if (locked?.status !== 'OPEN' || locked.autoCashOut === null) return null;
      return payCrashBet(tx, locked, locked.autoCashOut, now);
    });
    if (bet) paid.push(bet);
  }
  return paid;
}
