import { and, eq } from 'drizzle-orm';
import { originalRounds } from '../../db/schema/originals';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findSeedsByIds } from '../house-games/index';
import type { OriginalRoundRow } from './present-original-round';

/**
 * The member's round of a multi-step game (mines, Teen Patti), locked for the rest of the
 * transaction (every step, decision and cash-out of a round queues here, so twenty parallel
 * cash-outs or Plays settle it once and the others see it settled), with its seed's commitment.
 * Another member's round, or a round of another game, is NOT_FOUND.
 */
export async function lockOriginalRound(
  tx: Tx,
  input: { memberId: number; roundId: number; game: 'MINES' | 'TEEN_PATTI' },
): Promise<{ row: OriginalRoundRow; commitment: string }> {
  const [row] = await tx
    .select()
    .from(originalRounds)
    .where(and(eq(originalRounds.id, input.roundId), eq(originalRounds.memberId, input.memberId), eq(originalRounds.game, input.game)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  const seed = (await findSeedsByIds(tx, [row.seedId])).get(row.seedId);
  if (!seed) throw new Error('round seed missing');
  return { row, commitment: seed.commitment };
}
