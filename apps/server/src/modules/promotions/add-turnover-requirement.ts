import type { RequirementSource } from '@kismat/contracts/promotions';
import { and, eq } from 'drizzle-orm';
import { type TurnoverRequirementRow, turnoverRequirements } from '../../db/schema/promotions';
import type { Tx } from '../../platform/db';

export interface NewRequirement {
  merchantId: number;
  memberId: number;
  source: RequirementSource;
  sourceId: number;
  awardId: number | null;
  promotionId: number | null;
  amountBasis: bigint;
  required: bigint;
  maxBet: bigint | null;
  contributions: Record<string, number>;
  expiresAt: Date | null;
  now: Date;
}

/** Adds a turnover requirement; one per (source, source id), so a repeated deposit or award adds nothing and returns the first. */
export async function addTurnoverRequirement(tx: Tx, input: NewRequirement): Promise<TurnoverRequirementRow> {
  const [created] = await tx
    .insert(turnoverRequirements)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      source: input.source,
      sourceId: input.sourceId,
      awardId: input.awardId,
      promotionId: input.promotionId,
      amountBasis: input.amountBasis,
      required: input.required,
      maxBet: input.maxBet,
      contributions: input.contributions,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await tx
    .select()
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.source, input.source), eq(turnoverRequirements.sourceId, input.sourceId)));
  if (!existing) throw new Error('turnover requirement conflicted but was not found');
  return existing;
}
