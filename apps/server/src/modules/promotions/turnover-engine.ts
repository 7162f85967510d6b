import type { LimitPeriod } from '@kismat/contracts/promotions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { promotionDepositCounts, promotionSettings, type TurnoverRequirementRow, turnoverRequirements } from '../../db/schema/promotions';
import type { Tx } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import type { Fact, FactEngine } from '../facts/index';
import { addTurnoverRequirement } from './add-turnover-requirement';
import { awardPromotion } from './award-promotion';
import { listLivePromotions, readMerchantMoney } from './promotion-queries';
import { limitPeriodOf, payTurnover, rewardAmountOf, turnoverOf } from './promotion-rules';

/**
 * What the engine asks of the cashier, handed in by the route registry (modules/index.ts) so
 * promotions does not import cashier: whether a credited deposit came before this one.
 */
export interface TurnoverEnginePorts {
  hasEarlierCreditedDeposit?(tx: Tx, input: { memberId: number; depositId: number }): Promise<boolean>;
}

/** A deposit adds 1x its amount unless the operator set another multiple (promotion_settings). */
export const DEFAULT_DEPOSIT_TURNOVER_BP = 10_000;

/**
 * The turnover engine ('promotions.turnover'): ROUND facts pay the member's ACTIVE requirements
 * oldest first (valid bet x the requirement's contribution for the game type; a requirement
 * past its expiry is not paid, the expiry job ends it); DEPOSIT facts add the deposit's own
 * requirement and award the live FIRST_DEPOSIT or RELOAD promotions it qualifies for.
 * Exactly once comes from the consumer (each fact once) and from the keys below: one
 * requirement per deposit, one award per (promotion, member, period key).
 */
export function createTurnoverEngine(ports: TurnoverEnginePorts = {}): FactEngine {
  return {
    name: 'promotions.turnover',
    async apply(tx, facts) {
      const byMember = new Map<number, Fact[]>();
      for (const fact of facts) {
        const list = byMember.get(fact.memberId);
        if (list) list.push(fact);
        else byMember.set(fact.memberId, [fact]);
      }
      for (const [memberId, memberFacts] of byMember) await applyMemberFacts(tx, ports, memberId, memberFacts);
    },
  };
}

async function applyMemberFacts(tx: Tx, ports: TurnoverEnginePorts, memberId: number, facts: readonly Fact[]): Promise<void> {
  const loaded: { rows: TurnoverRequirementRow[] | null } = { rows: null };
  const changed = new Map<number, TurnoverRequirementRow>();
  const load = async (): Promise<TurnoverRequirementRow[]> => {
    // Locked, oldest first: a forfeit or waive racing this batch waits, and so does the withdrawal gate.
    loaded.rows ??= await tx
      .select()
      .from(turnoverRequirements)
      .where(and(eq(turnoverRequirements.memberId, memberId), eq(turnoverRequirements.status, 'ACTIVE')))
      .orderBy(asc(turnoverRequirements.id))
      .for('update');
    return loaded.rows;
  };
  for (const fact of facts) {
    if (fact.kind === 'DEPOSIT') {
      const added = await applyDeposit(tx, ports, fact);
      loaded.rows?.push(...added);
      continue;
    }
    const requirements = await load();
    if (requirements.length === 0) continue;
    const payable = requirements.filter((row) => row.done < row.required && (row.expiresAt === null || row.expiresAt > fact.occurredAt));
    const paid = payTurnover(payable, fact.gameType, fact.amount);
    for (const [index, done] of paid) {
      const row = payable[index];
      if (!row) continue;
      row.done = done;
      changed.set(row.id, row);
    }
  }
  for (const row of changed.values()) {
    const isMet = row.done >= row.required;
    await tx
      .update(turnoverRequirements)
      .set({ done: row.done, ...(isMet ? { status: 'MET', endedAt: sql`now()` } : {}) })
      .where(eq(turnoverRequirements.id, row.id));
  }
}

/** A credited deposit: its own requirement, then the deposit promotions it qualifies for. */
async function applyDeposit(tx: Tx, ports: TurnoverEnginePorts, fact: Fact): Promise<TurnoverRequirementRow[]> {
  const added: TurnoverRequirementRow[] = [];
  const [settings] = await tx
    .select({ depositTurnoverBp: promotionSettings.depositTurnoverBp })
    .from(promotionSettings)
    .where(eq(promotionSettings.merchantId, fact.merchantId));
  const required = turnoverOf(fact.amount, settings?.depositTurnoverBp ?? DEFAULT_DEPOSIT_TURNOVER_BP);
  if (required > 0n) {
    added.push(
      await addTurnoverRequirement(tx, {
        merchantId: fact.merchantId,
        memberId: fact.memberId,
        source: 'DEPOSIT',
        sourceId: fact.sourceId,
        awardId: null,
        promotionId: null,
        amountBasis: fact.amount,
        required,
        maxBet: null,
        contributions: {},
        expiresAt: null,
        now: fact.occurredAt,
      }),
    );
  }

  const [count] = await tx
    .insert(promotionDepositCounts)
    .values({ memberId: fact.memberId, merchantId: fact.merchantId, firstDepositId: fact.sourceId, depositCount: 1 })
    .onConflictDoUpdate({ target: promotionDepositCounts.memberId, set: { depositCount: sql`${promotionDepositCounts.depositCount} + 1` } })
    .returning();
  // The engine's own count only knows the deposits it saw as facts; the cashier knows deposits
  // credited before promotions existed or seeded without a fact (migration 0030 backfills the
  // count once; the port answers for anything since).
  const isFirst =
    count?.firstDepositId === fact.sourceId &&
    !((await ports.hasEarlierCreditedDeposit?.(tx, { memberId: fact.memberId, depositId: fact.sourceId })) ?? false);
  const offers = await listLivePromotions(tx, fact.merchantId, fact.occurredAt, [isFirst ? 'FIRST_DEPOSIT' : 'RELOAD']);
  const automatic = offers.filter((promotion) => promotion.claimMode === 'AUTOMATIC');
  if (automatic.length === 0) return added;
  const money = await readMerchantMoney(tx, fact.merchantId);
  for (const promotion of automatic) {
    if (promotion.minDeposit !== null && fact.amount < promotion.minDeposit) continue;
    const amount = rewardAmountOf(promotion.reward, fact.amount);
    if (amount === null || amount <= 0n) continue;
    const periodKey =
      promotion.kind === 'FIRST_DEPOSIT'
        ? 'FIRST'
        : `${limitPeriodOf(promotion.limitPeriod as LimitPeriod, fact.occurredAt, money.utcOffsetMinutes)}#deposit:${fact.sourceId}`;
    try {
      const result = await awardPromotion(tx, {
        promotionId: promotion.id,
        memberId: fact.memberId,
        periodKey,
        amount,
        reason: `deposit ${fact.sourceId}`,
        now: fact.occurredAt,
      });
      if (result.requirement && result.created) added.push(result.requirement);
    } catch (error) {
      // A refusal (budget spent, limit reached, outside the audience) is an answer, not a failure:
      // the deposit stays credited and the batch goes on. Anything else rolls the batch back.
      if (!isAppError(error)) throw error;
    }
  }
  return added;
}

/** Sum of what is left over the member's ACTIVE requirements, and each one (the withdrawal gate, bonus details). */
export async function readTurnoverLeft(tx: Tx, memberIds: readonly number[]): Promise<Map<number, bigint>> {
  const rows = await tx
    .select({
      memberId: turnoverRequirements.memberId,
      left: sql<string>`sum(${turnoverRequirements.required} - ${turnoverRequirements.done})::text`,
    })
    .from(turnoverRequirements)
    .where(and(inArray(turnoverRequirements.memberId, [...memberIds]), eq(turnoverRequirements.status, 'ACTIVE')))
    .groupBy(turnoverRequirements.memberId);
  return new Map(rows.map((row) => [row.memberId, BigInt(row.left)]));
}
