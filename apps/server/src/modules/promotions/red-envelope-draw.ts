import type { RedEnvelopeDraw } from '@kismat/contracts/promotion-kinds';
import { formatAmount } from '@kismat/contracts/wallet';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { pickRedEnvelopePrize } from '@kismat/game-math/promotions/red-envelope';
import { and, eq, sql } from 'drizzle-orm';
import { redEnvelopeDraws, redEnvelopeSeeds, redEnvelopeStock } from '../../db/schema/promotion-campaigns';
import type { PromotionRow } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { awardPromotion } from './award-promotion';
import { readDayTally, siteDayOf } from './campaign-day-tallies';
import { isInAudience } from './check-audience';
import { findPromotion, isWithinWindow } from './promotion-queries';
import { chancesEarned, redEnvelopeRuleOf } from './red-envelope-rules';
import { commitSeed, lockCommittedSeed, type SeedSealer } from './red-envelope-seeds';

export type RedEnvelopeDrawRow = typeof redEnvelopeDraws.$inferSelect;

export interface RedEnvelopeContext extends RequestContext {
  sealer: SeedSealer;
}

export function presentRedEnvelopeDraw(row: RedEnvelopeDrawRow): RedEnvelopeDraw {
  return {
    id: row.id,
    promotionId: row.promotionId,
    periodKey: row.periodKey,
    amount: formatAmount(row.amount),
    prizeIndex: row.prizeIndex,
    pickedIndex: row.pickedIndex,
    isStockOut: row.isStockOut,
    roll: row.roll,
    totalWeight: row.totalWeight,
    weights: row.weights,
    commitment: row.commitment,
    serverSeed: row.serverSeedHex,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A live red-envelope promotion of the merchant the member may draw in. */
export async function findDrawablePromotion(db: DbOrTx, member: MemberRow, promotionId: number, now: Date): Promise<PromotionRow> {
  const promotion = await findPromotion(db, member.merchantId, promotionId);
  if (promotion.kind !== 'RED_ENVELOPE') throw new AppError('NOT_FOUND');
  if (promotion.status !== 'LIVE' || !isWithinWindow(promotion, now)) throw new AppError('PROMOTION_NOT_AVAILABLE');
  if (!(await isInAudience(db, promotion, member, now))) throw new AppError('PROMOTION_NOT_ELIGIBLE');
  return promotion;
}

async function findDrawByKey(db: DbOrTx, memberId: number, idempotencyKey: string): Promise<RedEnvelopeDrawRow | undefined> {
  const [row] = await db
    .select()
    .from(redEnvelopeDraws)
    .where(and(eq(redEnvelopeDraws.memberId, memberId), eq(redEnvelopeDraws.idempotencyKey, idempotencyKey)));
  return row;
}

export async function countDraws(db: DbOrTx, promotionId: number, memberId: number, periodKey?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(redEnvelopeDraws)
    .where(
      and(
        eq(redEnvelopeDraws.promotionId, promotionId),
        eq(redEnvelopeDraws.memberId, memberId),
        periodKey === undefined ? undefined : eq(redEnvelopeDraws.periodKey, periodKey),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Takes one prize of a stocked line for the period: a conditional increment on the line's row,
 * which queues parallel draws and lets through only what the stock still holds. False: sold out.
 */
async function takeStock(tx: Tx, input: { promotionId: number; periodKey: string; prizeIndex: number; stock: number }): Promise<boolean> {
  await tx
    .insert(redEnvelopeStock)
    .values({ promotionId: input.promotionId, periodKey: input.periodKey, prizeIndex: input.prizeIndex })
    .onConflictDoNothing();
  const taken = await tx
    .update(redEnvelopeStock)
    .set({ drawn: sql`${redEnvelopeStock.drawn} + 1` })
    .where(
      and(
        eq(redEnvelopeStock.promotionId, input.promotionId),
        eq(redEnvelopeStock.periodKey, input.periodKey),
        eq(redEnvelopeStock.prizeIndex, input.prizeIndex),
        sql`${redEnvelopeStock.drawn} < ${input.stock}`,
      ),
    )
    .returning({ drawn: redEnvelopeStock.drawn });
  return taken.length > 0;
}

/**
 * Draws one red envelope: spends a chance of today, picks the prize from the committed seed, the
 * member's client seed and the nonce (game-math), takes it from the period's stock, pays it as an
 * award, reveals the seed and commits the next one. The same idempotency key answers the first
 * draw again. Attacks: a double tap with two keys spends two chances at most (the seed row lock
 * serialises a member's draws, so the chance count cannot be read twice); thirty members drawing
 * the last prize of a line queue on its stock row; the seed cannot be chosen after the client
 * seed (its hash was shown first), nor read from the database before the draw (sealed).
 */
export async function drawRedEnvelope(
  ctx: RedEnvelopeContext,
  member: MemberRow,
  input: { promotionId: number; clientSeed: string; idempotencyKey: string },
): Promise<{ draw: RedEnvelopeDrawRow; nextCommitment: string }> {
  const { now, merchant, sealer } = ctx;
  return inTransaction(ctx.db, async (tx) => {
    const promotion = await findDrawablePromotion(tx, member, input.promotionId, now);
    const rule = redEnvelopeRuleOf(promotion);
    const seed = await lockCommittedSeed(tx, sealer, {
      merchantId: merchant.id,
      memberId: member.id,
      promotionId: promotion.id,
      nonce: await countDraws(tx, promotion.id, member.id),
      now,
    });
    // Under the seed lock, so a retry racing its first attempt finds the draw made.
    const replay = await findDrawByKey(tx, member.id, input.idempotencyKey);
    if (replay) {
      if (replay.promotionId !== promotion.id) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { draw: replay, nextCommitment: seed.commitment };
    }

    const periodKey = siteDayOf(now, merchant.utcOffsetMinutes);
    const earned = chancesEarned(rule.config, await readDayTally(tx, member.id, periodKey));
    const used = await countDraws(tx, promotion.id, member.id, periodKey);
    if (used >= earned) throw new AppError('RED_ENVELOPE_NO_CHANCES', { value: { earned, used } });

    if (!seed.serverSeedSealed) throw new Error('committed red envelope seed has no sealed seed');
    const serverSeedHex = sealer.openServerSeed(seed.serverSeedSealed, seed.commitment);
    const weights = rule.prizes.map((prize) => prize.weight);
    const pick = pickRedEnvelopePrize(seedInputsFromHex(serverSeedHex, input.clientSeed, seed.nonce), weights);
    const picked = rule.prizes[pick.prizeIndex];
    if (!picked) throw new Error('pick outside the prize table');
    const isInStock =
      picked.stock === null ||
      (await takeStock(tx, { promotionId: promotion.id, periodKey, prizeIndex: pick.prizeIndex, stock: picked.stock }));
    const prizeIndex = isInStock ? pick.prizeIndex : rule.prizes.length - 1;
    const amount = rule.prizes[prizeIndex]?.amount ?? 0n;

    const { award } = await awardPromotion(tx, {
      promotionId: promotion.id,
      memberId: member.id,
      periodKey: `draw:${seed.id}`,
      amount,
      reason: `red envelope draw (seed ${seed.id})`,
      now,
    });
    await tx
      .update(redEnvelopeSeeds)
      .set({ status: 'REVEALED', serverSeedHex, serverSeedSealed: null, revealedAt: now })
      .where(eq(redEnvelopeSeeds.id, seed.id));
    const [draw] = await tx
      .insert(redEnvelopeDraws)
      .values({
        merchantId: merchant.id,
        promotionId: promotion.id,
        memberId: member.id,
        periodKey,
        idempotencyKey: input.idempotencyKey,
        seedId: seed.id,
        commitment: seed.commitment,
        serverSeedHex,
        clientSeed: input.clientSeed,
        nonce: seed.nonce,
        weights,
        roll: pick.roll,
        totalWeight: pick.totalWeight,
        pickedIndex: pick.prizeIndex,
        prizeIndex,
        isStockOut: !isInStock,
        amount,
        awardId: award.id,
        createdAt: now,
      })
      .returning();
    if (!draw) throw new Error('red envelope draw not recorded');
    await commitSeed(tx, sealer, { merchantId: merchant.id, memberId: member.id, promotionId: promotion.id, nonce: seed.nonce + 1, now });
    const next = await lockCommittedSeed(tx, sealer, {
      merchantId: merchant.id,
      memberId: member.id,
      promotionId: promotion.id,
      nonce: seed.nonce + 1,
      now,
    });
    return { draw, nextCommitment: next.commitment };
  });
}
