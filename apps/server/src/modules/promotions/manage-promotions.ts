import type { PromotionInput } from '@kismat/contracts/promotions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type PromotionRewardRule, type PromotionRow, promotions } from '../../db/schema/promotions';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OperatorIdentity } from '../../platform/operator-auth';
import { findPromotion } from './promotion-queries';

type Operator = Pick<OperatorIdentity, 'id' | 'username'>;

const DEPOSIT_KINDS = new Set(['FIRST_DEPOSIT', 'RELOAD']);

/** Rules that must hold together; a refusal names the field (value.reason) and changes nothing. */
function checkRules(input: PromotionInput): void {
  const refuse = (reason: string) => new AppError('PROMOTION_RULES_INVALID', { value: { reason } });
  if (input.endsAt !== null && new Date(input.endsAt) <= new Date(input.startsAt)) throw refuse('endsAt');
  if (DEPOSIT_KINDS.has(input.kind)) {
    if (input.claimMode !== 'AUTOMATIC') throw refuse('claimMode');
    if (input.reward.kind === 'PRIZE_TABLE') throw refuse('reward');
  } else if (input.reward.kind === 'PERCENT') throw refuse('reward');
  if (input.reward.kind === 'PRIZE_TABLE' && input.reward.prizes.every((prize) => prize.weight <= 0)) throw refuse('reward');
  if (input.budget !== null && input.budget <= 0n) throw refuse('budget');
}

function storedReward(input: PromotionInput['reward']): PromotionRewardRule {
  if (input.kind === 'FIXED') return { kind: 'FIXED', amount: input.amount.toString() };
  if (input.kind === 'PERCENT') return { kind: 'PERCENT', percentBp: input.percentBp, cap: input.cap.toString() };
  return {
    kind: 'PRIZE_TABLE',
    prizes: input.prizes.map((prize) => ({ amount: prize.amount.toString(), weight: prize.weight, stockPerPeriod: prize.stockPerPeriod })),
  };
}

function columnsOf(input: PromotionInput) {
  return {
    kind: input.kind,
    title: input.title,
    body: input.body,
    imageUrl: input.imageUrl,
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    audience: input.audience,
    claimMode: input.claimMode,
    reward: storedReward(input.reward),
    minDeposit: input.minDeposit,
    turnoverMultipleBp: input.turnoverMultipleBp,
    contributions: input.contributions,
    maxBet: input.maxBet,
    expiryDays: input.expiryDays,
    perMemberLimit: input.perMemberLimit,
    limitPeriod: input.limitPeriod,
    budget: input.budget,
    config: input.config,
    sortOrder: input.sortOrder,
  };
}

/** A new DRAFT promotion; audited with the operator in the same transaction. */
export async function createPromotion(
  db: Db,
  request: FastifyRequest,
  operator: Operator,
  input: { merchantId: number; promotion: PromotionInput; now: Date },
): Promise<PromotionRow> {
  checkRules(input.promotion);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotions)
      .values({
        merchantId: input.merchantId,
        ...columnsOf(input.promotion),
        status: 'DRAFT',
        createdBy: operator.username,
        updatedBy: operator.username,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('promotion not created');
    await recordOperatorAudit(tx, request, operator, {
      action: 'promotion.created',
      targetType: 'promotion',
      targetId: row.id,
      merchantId: input.merchantId,
      detail: { kind: row.kind, title: row.title.EN },
    });
    return row;
  });
}

/** Edits a DRAFT or PAUSED promotion (a LIVE one is paused first, so members never see rules change under them). */
export async function updatePromotion(
  db: Db,
  request: FastifyRequest,
  operator: Operator,
  input: { merchantId: number; id: number; promotion: PromotionInput; now: Date },
): Promise<PromotionRow> {
  checkRules(input.promotion);
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, input.merchantId, input.id);
    if (before.status !== 'DRAFT' && before.status !== 'PAUSED') throw new AppError('PROMOTION_STATE_CONFLICT');
    if (before.kind !== input.promotion.kind && before.status !== 'DRAFT') throw new AppError('PROMOTION_STATE_CONFLICT');
    const columns = columnsOf(input.promotion);
    if (columns.budget !== null && columns.budget < before.budgetUsed)
      throw new AppError('PROMOTION_RULES_INVALID', { value: { reason: 'budget' } });
    const [row] = await tx
      .update(promotions)
      .set({ ...columns, updatedBy: operator.username, updatedAt: input.now })
      .where(eq(promotions.id, before.id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await recordOperatorAudit(tx, request, operator, {
      action: 'promotion.updated',
      targetType: 'promotion',
      targetId: row.id,
      merchantId: input.merchantId,
      detail: {
        before: {
          ...before,
          budgetUsed: String(before.budgetUsed),
          budget: before.budget?.toString() ?? null,
          minDeposit: before.minDeposit?.toString() ?? null,
          maxBet: before.maxBet?.toString() ?? null,
        },
      },
    });
    return row;
  });
}

const TRANSITIONS = {
  publish: { from: ['DRAFT', 'PAUSED'], to: 'LIVE' },
  pause: { from: ['LIVE'], to: 'PAUSED' },
  end: { from: ['DRAFT', 'LIVE', 'PAUSED'], to: 'ENDED' },
} as const;

/** Publish, pause or end: one guarded UPDATE (a racing second operator gets PROMOTION_STATE_CONFLICT), audited. */
export async function changePromotionStatus(
  db: Db,
  request: FastifyRequest,
  operator: Operator,
  input: { merchantId: number; id: number; action: keyof typeof TRANSITIONS; reason: string | undefined; now: Date },
): Promise<PromotionRow> {
  const transition = TRANSITIONS[input.action];
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, input.merchantId, input.id);
    if (input.action === 'publish' && before.endsAt !== null && before.endsAt <= input.now) {
      throw new AppError('PROMOTION_RULES_INVALID', { value: { reason: 'endsAt' } });
    }
    const [row] = await tx
      .update(promotions)
      .set({ status: transition.to, updatedBy: operator.username, updatedAt: input.now })
      .where(sql`${promotions.id} = ${before.id} AND ${promotions.status} IN ${transition.from}`)
      .returning();
    if (!row) throw new AppError('PROMOTION_STATE_CONFLICT');
    await recordOperatorAudit(tx, request, operator, {
      action: `promotion.${input.action === 'end' ? 'ended' : input.action === 'pause' ? 'paused' : 'published'}`,
      targetType: 'promotion',
      targetId: row.id,
      merchantId: input.merchantId,
      reason: input.reason ?? null,
      detail: { from: before.status, to: row.status },
    });
    return row;
  });
}
