import { formatAmount } from '@kismat/contracts/wallet';
import { expectedRedEnvelopeCost } from '@kismat/game-math/promotions/red-envelope';
import { and, desc, eq } from 'drizzle-orm';
import { redEnvelopeDraws, redEnvelopeStock } from '../../db/schema/promotion-campaigns';
import type { PromotionRow } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import { type DbOrTx, inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { pageOfRows } from '../../platform/page-of-rows';
import { readDayTally, siteDayOf } from './campaign-day-tallies';
import { textIn } from './promotion-queries';
import { countDraws, findDrawablePromotion, presentRedEnvelopeDraw, type RedEnvelopeContext } from './red-envelope-draw';
import { chancesEarned, redEnvelopeRuleOf, tierIsMet } from './red-envelope-rules';
import { lockCommittedSeed } from './red-envelope-seeds';

/** Chances the member has left today in a red-envelope promotion (the reward centre's count). */
export async function redEnvelopeChancesLeft(db: DbOrTx, promotion: PromotionRow, member: MemberRow, now: Date, utcOffsetMinutes: number) {
  const rule = redEnvelopeRuleOf(promotion);
  const periodKey = siteDayOf(now, utcOffsetMinutes);
  const tally = await readDayTally(db, member.id, periodKey);
  const earned = chancesEarned(rule.config, tally);
  const used = await countDraws(db, promotion.id, member.id, periodKey);
  return { rule, periodKey, tally, earned, used, left: Math.max(0, earned - used) };
}

/** The member's red envelope today: chances, tiers, the table with its stock left, and the commitment of the next draw. */
export async function getRedEnvelopeState(ctx: RedEnvelopeContext, member: MemberRow, promotionId: number) {
  const { now, merchant, language } = ctx;
  return inTransaction(ctx.db, async (tx) => {
    const promotion = await findDrawablePromotion(tx, member, promotionId, now);
    const { rule, periodKey, tally, earned, used, left } = await redEnvelopeChancesLeft(
      tx,
      promotion,
      member,
      now,
      merchant.utcOffsetMinutes,
    );
    const seed = await lockCommittedSeed(tx, ctx.sealer, {
      merchantId: merchant.id,
      memberId: member.id,
      promotionId: promotion.id,
      nonce: await countDraws(tx, promotion.id, member.id),
      now,
    });
    const stock = await tx
      .select({ prizeIndex: redEnvelopeStock.prizeIndex, drawn: redEnvelopeStock.drawn })
      .from(redEnvelopeStock)
      .where(and(eq(redEnvelopeStock.promotionId, promotion.id), eq(redEnvelopeStock.periodKey, periodKey)));
    const drawnOf = new Map(stock.map((row) => [row.prizeIndex, row.drawn]));
    const cost = expectedRedEnvelopeCost(rule.prizes, 1);
    return {
      promotionId: promotion.id,
      title: textIn(promotion.title, language),
      periodKey,
      chances: { earned, used, left },
      tally: { deposit: formatAmount(tally.deposit), validBet: formatAmount(tally.validBet) },
      tiers: rule.config.tiers.map((tier) => ({
        depositAtLeast: tier.depositAtLeast === undefined ? null : formatAmount(tier.depositAtLeast),
        validBetAtLeast: tier.validBetAtLeast === undefined ? null : formatAmount(tier.validBetAtLeast),
        chances: tier.chances,
        isMet: tierIsMet(tier, tally),
      })),
      prizes: rule.prizes.map((prize, index) => ({
        index,
        amount: formatAmount(prize.amount),
        weight: prize.weight,
        chancePpm: cost.chancePpm[index] ?? 0,
        stockLeft: prize.stock === null ? null : Math.max(0, prize.stock - (drawnOf.get(index) ?? 0)),
      })),
      maxPrize: formatAmount(cost.maxPrize),
      expectedCostPerDraw: formatAmount(cost.expectedPerDraw),
      commitment: seed.commitment,
      nextNonce: seed.nonce,
    };
  });
}

/** The member's draws in a promotion, newest first, each with its revealed seed. */
export async function listRedEnvelopeDraws(db: DbOrTx, member: MemberRow, promotionId: number, page: { pageNo: number; pageSize: number }) {
  const where = and(eq(redEnvelopeDraws.memberId, member.id), eq(redEnvelopeDraws.promotionId, promotionId));
  const { rows, total } = await pageOfRows(db, redEnvelopeDraws, where, [desc(redEnvelopeDraws.id)], page);
  return { list: rows.map(presentRedEnvelopeDraw), total };
}

/**
 * One draw's inputs and result for the verify page. Public (like a lottery result): every
 * seed in it was revealed when the draw was answered, and no member name is in it.
 */
export async function findRedEnvelopeDrawForVerify(db: DbOrTx, merchantId: number, drawId: number) {
  const [row] = await db
    .select()
    .from(redEnvelopeDraws)
    .where(and(eq(redEnvelopeDraws.id, drawId), eq(redEnvelopeDraws.merchantId, merchantId)));
  if (!row) throw new AppError('NOT_FOUND');
  return presentRedEnvelopeDraw(row);
}
