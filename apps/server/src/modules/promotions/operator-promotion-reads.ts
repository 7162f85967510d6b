import type { AwardStatus, RequirementStatus } from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { promotionAwards, promotionSettings, promotions, turnoverRequirements } from '../../db/schema/promotions';
import type { DbOrTx } from '../../platform/db';
import { findMemberById } from '../member/index';
import { presentRequirement } from './present-promotion';
import { textIn } from './promotion-queries';
import { DEFAULT_DEPOSIT_TURNOVER_BP } from './turnover-engine';

/** The merchant's promotions for the back office, newest first (filter by status, kind). */
export async function listMerchantPromotions(
  db: DbOrTx,
  input: { merchantId: number; status?: string | undefined; kind?: string | undefined },
) {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantId, input.merchantId),
        input.status ? eq(promotions.status, input.status) : undefined,
        input.kind ? eq(promotions.kind, input.kind) : undefined,
      ),
    )
    .orderBy(asc(promotions.sortOrder), desc(promotions.id));
}

/** Members' usernames by id (through the member face), for operator lists. */
async function usernamesOf(db: DbOrTx, merchantId: number, memberIds: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(memberIds)) {
    const member = await findMemberById(db, merchantId, id);
    names.set(id, member?.username ?? String(id));
  }
  return names;
}

/** Awards with filters (promotion, member, status, date), paged, with the filtered total. */
export async function listAwards(
  db: DbOrTx,
  input: {
    merchantId: number;
    promotionId?: number | undefined;
    memberId?: number | undefined;
    status?: AwardStatus | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    eq(promotionAwards.merchantId, input.merchantId),
    input.promotionId ? eq(promotionAwards.promotionId, input.promotionId) : undefined,
    input.memberId ? eq(promotionAwards.memberId, input.memberId) : undefined,
    input.status ? eq(promotionAwards.status, input.status) : undefined,
    input.from ? gte(promotionAwards.createdAt, new Date(input.from)) : undefined,
    input.to ? lt(promotionAwards.createdAt, new Date(input.to)) : undefined,
  );
  const rows = await db
    .select({ award: promotionAwards, title: promotions.title, kind: promotions.kind })
    .from(promotionAwards)
    .innerJoin(promotions, eq(promotions.id, promotionAwards.promotionId))
    .where(where)
    .orderBy(desc(promotionAwards.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [totals] = await db
    .select({ total: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${promotionAwards.amount}), 0)::text` })
    .from(promotionAwards)
    .where(where);
  const names = await usernamesOf(
    db,
    input.merchantId,
    rows.map((row) => row.award.memberId),
  );
  return {
    items: rows.map(({ award, title, kind }) => ({
      id: award.id,
      promotionId: award.promotionId,
      promotionTitle: textIn(title, 'EN'),
      kind: kind as 'FIRST_DEPOSIT',
      memberId: award.memberId,
      username: names.get(award.memberId) ?? String(award.memberId),
      periodKey: award.periodKey,
      amount: formatAmount(award.amount),
      returnedAmount: formatAmount(award.returnedAmount),
      status: award.status as AwardStatus,
      reason: award.reason,
      ledgerTransferId: award.ledgerTransferId,
      returnTransferId: award.returnTransferId,
      createdAt: award.createdAt.toISOString(),
      endedAt: award.endedAt?.toISOString() ?? null,
    })),
    page: input.page,
    pageSize: input.pageSize,
    total: totals?.total ?? 0,
    totalAmount: formatAmount(BigInt(totals?.amount ?? '0')),
  };
}

/** Turnover requirements with filters (member, status), paged. */
export async function listRequirements(
  db: DbOrTx,
  input: { merchantId: number; memberId?: number | undefined; status?: RequirementStatus | undefined; page: number; pageSize: number },
) {
  const where = and(
    eq(turnoverRequirements.merchantId, input.merchantId),
    input.memberId ? eq(turnoverRequirements.memberId, input.memberId) : undefined,
    input.status ? eq(turnoverRequirements.status, input.status) : undefined,
  );
  const rows = await db
    .select({ requirement: turnoverRequirements, title: promotions.title })
    .from(turnoverRequirements)
    .leftJoin(promotions, eq(promotions.id, turnoverRequirements.promotionId))
    .where(where)
    .orderBy(desc(turnoverRequirements.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [totals] = await db.select({ total: sql<number>`count(*)::int` }).from(turnoverRequirements).where(where);
  const names = await usernamesOf(
    db,
    input.merchantId,
    rows.map((row) => row.requirement.memberId),
  );
  return {
    items: rows.map((row) => ({
      ...presentRequirement(row.requirement, row.title ? textIn(row.title, 'EN') : null),
      username: names.get(row.requirement.memberId) ?? String(row.requirement.memberId),
    })),
    page: input.page,
    pageSize: input.pageSize,
    total: totals?.total ?? 0,
  };
}

export async function readDepositTurnoverBp(db: DbOrTx, merchantId: number): Promise<number> {
  const [row] = await db.select().from(promotionSettings).where(eq(promotionSettings.merchantId, merchantId));
  return row?.depositTurnoverBp ?? DEFAULT_DEPOSIT_TURNOVER_BP;
}

/** Sets the merchant's deposit turnover multiple (upsert). */
export async function writeDepositTurnoverBp(db: DbOrTx, input: { merchantId: number; depositTurnoverBp: number; by: string; now: Date }) {
  await db
    .insert(promotionSettings)
    .values({ merchantId: input.merchantId, depositTurnoverBp: input.depositTurnoverBp, updatedBy: input.by, updatedAt: input.now })
    .onConflictDoUpdate({
      target: promotionSettings.merchantId,
      set: { depositTurnoverBp: input.depositTurnoverBp, updatedBy: input.by, updatedAt: input.now },
    });
}
