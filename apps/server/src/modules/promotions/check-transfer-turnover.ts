import type { Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, ne, sql } from 'drizzle-orm';
import { turnoverRequirements } from '../../db/schema/promotions';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { messageWithAmount } from '../../platform/messages';

/**
 * The tree-transfer gate, in the cashier's transaction. The attack: a member takes a bonus (or a
 * rebate, mission cash, points converted to cash), sends it up to the agent or down to a
 * downline, and the receiver, who owes no turnover, withdraws it at once: the bonus's turnover
 * never gets played. So while any bonus-born requirement (every source but a deposit's own 1x)
 * is ACTIVE, money may not leave the member through the tree. A deposit's 1x is the
 * withdrawal's rule, not the tree's: an agent who deposits to fund the team keeps doing so.
 * Pending facts are not drained here (a round settled a moment ago may not count yet), which can
 * only refuse too early, never let bonus money through.
 */
export async function assertNoBonusTurnoverLeft(tx: Tx, input: { memberId: number; language: Language }): Promise<void> {
  const [row] = await tx
    .select({
      left: sql<string>`coalesce(sum(greatest(${turnoverRequirements.required} - ${turnoverRequirements.done}, 0)), 0)::text`,
    })
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.memberId, input.memberId),
        eq(turnoverRequirements.status, 'ACTIVE'),
        ne(turnoverRequirements.source, 'DEPOSIT'),
      ),
    );
  const left = BigInt(row?.left ?? '0');
  if (left <= 0n) return;
  throw new AppError('TURNOVER_NOT_MET', {
    message: messageWithAmount('TURNOVER_NOT_MET', input.language, formatAmount(left)),
    value: { left: formatAmount(left) },
  });
}
