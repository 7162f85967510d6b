import { eq, sql } from 'drizzle-orm';
import type { LanguageTexts } from '../../db/schema/points';
import { vipLevels, vipSettings } from '../../db/schema/vip';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { VipLevelRow } from './vip-queries';

export interface VipLevelInput {
  rank: number;
  names: LanguageTexts;
  targetRule: 'AND' | 'OR';
  upgradeDeposit: bigint;
  upgradeValidBet: bigint;
  retainDeposit: bigint;
  retainValidBet: bigint;
  upgradeBonus: bigint;
  birthdayBonus: bigint;
  monthlyBonus: bigint;
  withdrawDailyCount: number;
  withdrawDailyAmount: bigint;
}

/** A ladder holds together: ranks 1..n with no gap, and each level asks at least what the one below asks. */
export function checkLadder(levels: readonly VipLevelInput[]): void {
  const sorted = [...levels].sort((a, b) => a.rank - b.rank);
  sorted.forEach((level, index) => {
    if (level.rank !== index + 1) throw new AppError('VIP_LADDER_INVALID', { value: { reason: 'ranks_not_1_to_n' } });
    const below = sorted[index - 1];
    if (below && (level.upgradeDeposit < below.upgradeDeposit || level.upgradeValidBet < below.upgradeValidBet)) {
      throw new AppError('VIP_LADDER_INVALID', { value: { reason: 'targets_not_rising', rank: level.rank } });
    }
  });
}

/**
 * Replaces a merchant's ladder (levels upserted by rank, ranks above the new top removed) in the
 * caller's audit transaction. Level ids stay for the ranks kept, so an upgrade bonus paid for a
 * level is still recognised as paid. Members above the new top are brought down to it.
 */
export async function replaceVipLadder(
  db: Db,
  merchantId: number,
  levels: readonly VipLevelInput[],
  now: Date,
  audit: (tx: Tx, before: VipLevelRow[]) => Promise<void>,
) {
  checkLadder(levels);
  return db.transaction(async (tx) => {
    const before = await tx.select().from(vipLevels).where(eq(vipLevels.merchantId, merchantId)).for('update');
    for (const level of levels) {
      await tx
        .insert(vipLevels)
        .values({ merchantId, ...level, updatedAt: now })
        .onConflictDoUpdate({ target: [vipLevels.merchantId, vipLevels.rank], set: { ...level, updatedAt: now } });
    }
    const top = levels.length;
    await tx.execute(sql`DELETE FROM vip_levels WHERE merchant_id = ${merchantId} AND rank > ${top}`);
    await tx.execute(
      sql`UPDATE vip_members SET rank = ${top}, updated_at = ${now}::timestamptz WHERE merchant_id = ${merchantId} AND rank > ${top}`,
    );
    await audit(tx, before);
  });
}

export async function saveVipSettings(
  db: Db,
  merchantId: number,
  input: { upgradeWindow: 'LIFETIME' | 'MONTH'; isRetentionOn: boolean },
  now: Date,
  audit: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(vipSettings)
      .values({ merchantId, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: vipSettings.merchantId, set: { ...input, updatedAt: now } });
    await audit(tx);
  });
}
