import { promotionSettings } from '../db/schema/promotions';
import { addTurnoverRequirement } from '../modules/promotions/index';
import type { Db } from '../platform/db';

/**
 * Sets the merchant's deposit turnover to none (the operator's setting, promotion_settings), for
 * tests about withdrawals themselves: by default every credited deposit adds 1x turnover and a
 * withdrawal before that is played is refused with TURNOVER_NOT_MET (promotions-core.test.ts).
 */
export async function withoutDepositTurnover(db: Db, merchantId: number): Promise<void> {
  await db
    .insert(promotionSettings)
    .values({ merchantId, depositTurnoverBp: 0, updatedBy: 'test' })
    .onConflictDoUpdate({ target: promotionSettings.merchantId, set: { depositTurnoverBp: 0 } });
}

let capSequence = 0;

/**
 * Gives the member a DEPOSIT turnover requirement with a max bet of `maxBet` (as a credited deposit
 * under a promotion's rules would): every play above it is refused with MAX_BET_EXCEEDED while the
 * requirement stands. `required` defaults to 100.00 (the amount basis too).
 */
export async function capBetsAt(
  db: Db,
  input: { merchantId: number; memberId: number; maxBet: bigint; required?: bigint; now?: Date },
): Promise<void> {
  capSequence += 1;
  const required = input.required ?? 100_00n;
  await db.transaction((tx) =>
    addTurnoverRequirement(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      source: 'DEPOSIT',
      // Unique across suites sharing a database (source, source_id is): the member's id, then a count.
      sourceId: 9_000_000_000 + input.memberId * 1_000 + capSequence,
      awardId: null,
      promotionId: null,
      amountBasis: required,
      required,
      maxBet: input.maxBet,
      contributions: {},
      expiresAt: null,
      now: input.now ?? new Date(),
    }),
  );
}
