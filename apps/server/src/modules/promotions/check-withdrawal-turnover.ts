import type { Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import { turnoverRequirements } from '../../db/schema/promotions';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { messageWithAmount } from '../../platform/messages';
import { expireMemberRequirements } from './expire-requirements';

export interface WithdrawalTurnoverInput {
  memberId: number;
  now: Date;
  language: Language;
  /** The fact consumer's drainMember: the member's settled rounds and deposits count before the check. */
  drainFacts: (tx: Tx, memberId: number) => Promise<unknown>;
}

/**
 * The withdrawal gate, in the cashier's transaction: applies the member's pending facts (so a
 * round settled a moment ago counts), ends overdue requirements (an expired bonus goes back
 * before any of it can leave), then refuses with TURNOVER_NOT_MET naming the turnover left
 * while any ACTIVE requirement remains. Locks the member's active rows, so a waive or forfeit
 * racing the withdrawal is seen either wholly before or wholly after.
 */
export async function checkWithdrawalTurnover(tx: Tx, input: WithdrawalTurnoverInput): Promise<void> {
  await input.drainFacts(tx, input.memberId);
  await expireMemberRequirements(tx, input.memberId, input.now);
  const rows = await tx
    .select({ required: turnoverRequirements.required, done: turnoverRequirements.done })
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.memberId, input.memberId), eq(turnoverRequirements.status, 'ACTIVE')))
    .orderBy(turnoverRequirements.id)
    .for('update');
  let required = 0n;
  let done = 0n;
  for (const row of rows) {
    required += row.required;
    done += row.done;
  }
  const left = required - done;
  if (left <= 0n) return;
  throw new AppError('TURNOVER_NOT_MET', {
    message: messageWithAmount('TURNOVER_NOT_MET', input.language, formatAmount(left)),
    value: { left: formatAmount(left), required: formatAmount(required), done: formatAmount(done) },
  });
}

/** The smallest max bet over the member's ACTIVE requirements, or null: one read on the member's active partial index. */
export async function findPromotionMaxBet(db: Pick<Tx, 'select'>, memberId: number): Promise<bigint | null> {
  const [row] = await db
    .select({ maxBet: sql<string | null>`min(${turnoverRequirements.maxBet})::text` })
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.memberId, memberId), eq(turnoverRequirements.status, 'ACTIVE')));
  return row?.maxBet == null ? null : BigInt(row.maxBet);
}

/** Refuses a bet above the active promotion's max bet (slots, lottery): MAX_BET_EXCEEDED naming the limit. */
export async function assertWithinPromotionMaxBet(
  db: Pick<Tx, 'select'>,
  input: { memberId: number; amount: bigint; language: Language },
): Promise<void> {
  refuseAbovePromotionMaxBet(await findPromotionMaxBet(db, input.memberId), input);
}

/** The same refusal on a max bet the caller read itself (`promotionMaxBetSql`, minor units as text or null). */
export function refuseAbovePromotionMaxBet(maxBetMinor: bigint | string | null, input: { amount: bigint; language: Language }): void {
  if (maxBetMinor === null) return;
  const maxBet = BigInt(maxBetMinor);
  if (input.amount <= maxBet) return;
  throw new AppError('MAX_BET_EXCEEDED', {
    message: messageWithAmount('MAX_BET_EXCEEDED', input.language, formatAmount(maxBet)),
    value: { maxBet: formatAmount(maxBet) },
  });
}

/**
 * The same smallest active max bet as a scalar SQL expression (minor units as text, null when
 * none), for a statement the bet path runs anyway: the vendor wallet's session read selects it,
 * so a vendor bet pays no extra round trip for the check.
 */
export function promotionMaxBetSql(memberId: Column | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select min(${turnoverRequirements.maxBet})::text from ${turnoverRequirements} where ${turnoverRequirements.memberId} = ${memberId} and ${turnoverRequirements.status} = 'ACTIVE')`;
}
