import type { Language } from '@kismat/contracts/languages';
import type { ActivityStatus, LimitPeriod, MemberPromotionValue } from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  type PromotionAwardRow,
  type PromotionRow,
  promotionAwards,
  promotionDepositCounts,
  type TurnoverRequirementRow,
  turnoverRequirements,
} from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import { isTrial } from '../../platform/policy';
import { isInAudience } from './check-audience';
import { hooksOf } from './kind-hooks';
import { presentReward, rulesOf } from './present-promotion';
import { listLivePromotions, textIn } from './promotion-queries';
import { limitPeriodOf } from './promotion-rules';

type MemberState = NonNullable<MemberPromotionValue['me']>;

interface MemberContext {
  member: MemberRow;
  utcOffsetMinutes: number;
  now: Date;
  /** Awards of the listed promotions, newest first. */
  awards: PromotionAwardRow[];
  requirements: Map<number, TurnoverRequirementRow>;
  hasDeposited: boolean;
}

async function loadMemberContext(
  db: DbOrTx,
  member: MemberRow,
  promotionIds: number[],
  utcOffsetMinutes: number,
  now: Date,
): Promise<MemberContext> {
  const awards =
    promotionIds.length === 0
      ? []
      : await db
          .select()
          .from(promotionAwards)
          .where(and(eq(promotionAwards.memberId, member.id), inArray(promotionAwards.promotionId, promotionIds)))
          .orderBy(desc(promotionAwards.id))
          .limit(500);
  const awardIds = awards.map((award) => award.id);
  const requirementRows =
    awardIds.length === 0 ? [] : await db.select().from(turnoverRequirements).where(inArray(turnoverRequirements.awardId, awardIds));
  const [deposits] = await db
    .select({ count: promotionDepositCounts.depositCount })
    .from(promotionDepositCounts)
    .where(eq(promotionDepositCounts.memberId, member.id));
  return {
    member,
    utcOffsetMinutes,
    now,
    awards,
    requirements: new Map(requirementRows.map((row) => [row.awardId ?? 0, row])),
    hasDeposited: (deposits?.count ?? 0) > 0,
  };
}

async function stateOf(db: DbOrTx, promotion: PromotionRow, context: MemberContext): Promise<MemberState> {
  const { member, now } = context;
  const mine = context.awards.filter((award) => award.promotionId === promotion.id);
  const latest = mine[0] ?? null;
  const requirement = latest ? (context.requirements.get(latest.id) ?? null) : null;
  const isEligible = !isTrial(member) && (await isInAudience(db, promotion, member, now));
  const period = limitPeriodOf(promotion.limitPeriod as LimitPeriod, now, context.utcOffsetMinutes);
  const usedThisPeriod = mine.filter((award) => award.period === period).length;
  const canTakeMore = isEligible && usedThisPeriod < promotion.perMemberLimit && hasBudgetFor(promotion);
  const progress = requirement
    ? {
        required: formatAmount(requirement.required),
        done: formatAmount(requirement.done),
        left: formatAmount(requirement.status === 'ACTIVE' ? requirement.required - requirement.done : 0n),
        status: requirement.status as TurnoverRequirementRow['status'] as NonNullable<MemberState['progress']>['status'],
      }
    : null;
  const award = latest
    ? {
        id: latest.id,
        amount: formatAmount(latest.amount),
        status: latest.status as PromotionAwardRow['status'] as 'CREDITED',
        createdAt: latest.createdAt.toISOString(),
      }
    : null;

  let status: ActivityStatus;
  let claimableCount = 0;
  const awardedStatus = (): ActivityStatus => {
    if (!latest) return 'Close';
    if (latest.status !== 'CREDITED') return 'Close';
    if (requirement?.status === 'ACTIVE') return 'Process';
    return promotion.claimMode === 'CLAIM' ? 'Claimed' : 'Issued';
  };
  if (!isEligible) status = latest ? awardedStatus() : 'Close';
  else if (promotion.claimMode === 'CLAIM') {
    if (canTakeMore) {
      status = 'Claim';
      claimableCount = 1;
    } else status = awardedStatus();
  } else if (promotion.kind === 'FIRST_DEPOSIT') {
    status = latest ? awardedStatus() : context.hasDeposited || !canTakeMore ? 'Close' : 'Join';
  } else if (canTakeMore && (latest?.status !== 'CREDITED' || requirement?.status !== 'ACTIVE')) status = 'Join';
  else status = latest ? awardedStatus() : 'Close';

  const hooks = hooksOf(promotion.kind);
  if (hooks?.memberState && isEligible) {
    try {
      const own = await hooks.memberState(db, promotion, member, now);
      if (own) {
        status = own.status;
        claimableCount = own.claimableCount;
      }
    } catch (error) {
      // A kind that cannot answer (its settings incomplete) must not take the whole list down.
      if (!isAppError(error)) throw error;
    }
  }
  return { isEligible, status, claimableCount, award, progress };
}

function hasBudgetFor(promotion: PromotionRow): boolean {
  return promotion.budget === null || promotion.budgetUsed < promotion.budget;
}

/** A promotion as members (or visitors, `me: null`) see it. */
export function presentMemberPromotion(promotion: PromotionRow, language: Language, me: MemberState | null): MemberPromotionValue {
  return {
    id: promotion.id,
    kind: promotion.kind as MemberPromotionValue['kind'],
    title: textIn(promotion.title, language),
    body: textIn(promotion.body, language),
    imageUrl: promotion.imageUrl,
    startsAt: promotion.startsAt.toISOString(),
    endsAt: promotion.endsAt?.toISOString() ?? null,
    claimMode: promotion.claimMode as MemberPromotionValue['claimMode'],
    reward: presentReward(promotion.reward),
    minDeposit: promotion.minDeposit === null ? null : formatAmount(promotion.minDeposit),
    turnoverMultipleBp: promotion.turnoverMultipleBp,
    maxBet: promotion.maxBet === null ? null : formatAmount(promotion.maxBet),
    expiryDays: promotion.expiryDays,
    rules: rulesOf(promotion, language),
    me,
  };
}

/** Live promotions with the member's state in each (visitors: member null). */
export async function listMemberPromotions(
  db: DbOrTx,
  input: { merchantId: number; utcOffsetMinutes: number; member: MemberRow | null; language: Language; now: Date; only?: PromotionRow[] },
): Promise<MemberPromotionValue[]> {
  const rows = input.only ?? (await listLivePromotions(db, input.merchantId, input.now));
  if (!input.member) return rows.map((row) => presentMemberPromotion(row, input.language, null));
  const context = await loadMemberContext(
    db,
    input.member,
    rows.map((row) => row.id),
    input.utcOffsetMinutes,
    input.now,
  );
  const list: MemberPromotionValue[] = [];
  for (const row of rows) list.push(presentMemberPromotion(row, input.language, await stateOf(db, row, context)));
  return list;
}

/** How many rewards the member can take now over every live promotion: the member state's availablePromoCount and the reward centre badge. */
export async function countAvailablePromotions(
  db: DbOrTx,
  input: { member: MemberRow; utcOffsetMinutes: number; now: Date },
): Promise<number> {
  if (isTrial(input.member)) return 0;
  const list = await listMemberPromotions(db, {
    merchantId: input.member.merchantId,
    utcOffsetMinutes: input.utcOffsetMinutes,
    member: input.member,
    language: 'BN',
    now: input.now,
  });
  return list.reduce((sum, item) => sum + (item.me?.claimableCount ?? 0), 0);
}
