import type { Language } from '@kismat/contracts/languages';
import { CRASH_MAX_MULTIPLIER_HUNDREDTHS, CRASH_MIN_TARGET_HUNDREDTHS } from '@kismat/game-math/crash/crash-point';
import { and, eq } from 'drizzle-orm';
import { crashBets, crashRounds } from '../../db/schema/crash';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type PlayAccounts, postHouseStake } from '../house-games/index';
import { readAccountCash } from '../wallet/index';
import { CRASH_MAX_STAKE_MINOR, CRASH_MIN_STAKE_MINOR } from './crash-rules';

export type CrashBetRow = typeof crashBets.$inferSelect;

export interface PlaceCrashBetInput {
  merchantId: number;
  memberId: number;
  /** The member's name as the feed shows it (masked). */
  player: string;
  accounts: PlayAccounts;
  roundId: number;
  stakeMinor: bigint;
  /** Auto cash-out target in hundredths, or null. */
  autoCashOut: number | null;
  idempotencyKey: string;
  now: Date;
  language?: Language;
  utcOffsetMinutes?: number;
}

export interface PlaceCrashBetResult {
  bet: CrashBetRow;
  balanceMinor: bigint;
  isReplay: boolean;
}

/**
 * A bet in a round's betting window, in ONE transaction: the bet row and the stake's debit
 * (member -> house, or play money for a trial player) and the responsible-gambling charge, or
 * nothing. The server's clock decides the window (a bet sent as the curve starts is refused: a
 * late bet would let a player who saw the first ticks bet on a round already known to be
 * running). A retry with the same key replays; one bet per member and round.
 */
export async function placeCrashBet(db: Db, input: PlaceCrashBetInput): Promise<PlaceCrashBetResult> {
  if (input.stakeMinor < CRASH_MIN_STAKE_MINOR || input.stakeMinor > CRASH_MAX_STAKE_MINOR) throw new AppError('CRASH_BET_INVALID');
  if (
    input.autoCashOut !== null &&
    (input.autoCashOut < CRASH_MIN_TARGET_HUNDREDTHS || input.autoCashOut > CRASH_MAX_MULTIPLIER_HUNDREDTHS)
  ) {
    throw new AppError('CRASH_BET_INVALID');
  }
  return db.transaction(async (tx) => {
    const replay = async (): Promise<PlaceCrashBetResult | null> => {
      const [previous] = await tx
        .select()
        .from(crashBets)
        .where(and(eq(crashBets.memberId, input.memberId), eq(crashBets.idempotencyKey, input.idempotencyKey)));
      if (!previous) return null;
      if (previous.roundId !== input.roundId || previous.stakeMinor !== input.stakeMinor) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { bet: previous, balanceMinor: (await readAccountCash(tx, input.accounts.memberAccountId)).balance, isReplay: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;

    const [round] = await tx
      .select()
      .from(crashRounds)
      .where(and(eq(crashRounds.id, input.roundId), eq(crashRounds.merchantId, input.merchantId)));
    if (!round || round.settledAt !== null || input.now < round.bettingOpensAt || input.now >= round.runningAt) {
      throw new AppError('CRASH_BETTING_CLOSED');
    }
    const [inserted] = await tx
      .insert(crashBets)
      .values({
        merchantId: input.merchantId,
        roundId: round.id,
        memberId: input.memberId,
        memberAccountId: input.accounts.memberAccountId,
        houseAccountId: input.accounts.houseAccountId,
        isTrial: input.accounts.isTrial,
        player: input.player,
        currency: input.accounts.currency,
        idempotencyKey: input.idempotencyKey,
        stakeMinor: input.stakeMinor,
        autoCashOut: input.autoCashOut,
        placedAt: input.now,
      })
      // A twin request (same key) or another bet of the member in this round committed first:
      // the unique index made this insert wait for it, so the re-read below sees it.
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const twin = await replay();
      if (twin) return twin;
      throw new AppError('CRASH_ALREADY_BET');
    }
    // Limits and exclusion (issue 17) after the ledger locked the member's cash: a refusal rolls the bet back.
    const bet = await postHouseStake(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      accounts: input.accounts,
      idempotencyKey: `crash:${inserted.id}:bet`,
      reference: { kind: 'crash_bet', id: String(inserted.id) },
      metadata: { round: String(round.id) },
      stakeMinor: input.stakeMinor,
      now: input.now,
      language: input.language,
      utcOffsetMinutes: input.utcOffsetMinutes,
    });
    const [placed] = await tx.update(crashBets).set({ betTransferId: bet.transfer.id }).where(eq(crashBets.id, inserted.id)).returning();
    if (!placed) throw new Error('crash bet not updated');
    return { bet: placed, balanceMinor: (await readAccountCash(tx, input.accounts.memberAccountId)).balance, isReplay: false };
  });
}
