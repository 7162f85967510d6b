import { sql } from 'drizzle-orm';
import { vipLevelChanges, vipMembers } from '../../db/schema/vip';
import type { Tx } from '../../platform/db';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { payVipBonus } from './pay-vip-bonus';
import { readLadder, siteDayOf, type VipLevelRow } from './vip-queries';

interface Candidate {
  memberId: number;
  merchantId: number;
  rank: number;
  changedAt: Date | null;
  currency: string;
  utcOffsetMinutes: number;
  target: number;
}

/**
 * Moves members up to the highest level whose targets their totals meet (lifetime, or this
 * month where the merchant counts by month), at most one level change a day (site time): a
 * member who already changed today is upgraded by the next fact or the next VIP job run. Each
 * level reached pays its upgrade bonus once ever (payVipBonus keys it by the level), so a member
 * demoted and promoted again gets nothing twice. Locks the members' VIP rows (FOR UPDATE).
 */
export async function applyVipUpgrades(tx: Tx, memberIds: readonly number[], now: Date): Promise<number> {
  if (memberIds.length === 0) return 0;
  const ids = `{${[...new Set(memberIds)].sort((a, b) => a - b).join(',')}}`;
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      SELECT vm.member_id, vm.merchant_id, vm.rank, vm.changed_at, m.currency, m.utc_offset_minutes,
        (SELECT max(l.rank) FROM vip_levels l
          WHERE l.merchant_id = vm.merchant_id
            AND CASE l.target_rule
              WHEN 'AND' THEN t.deposit >= l.upgrade_deposit AND t.valid_bet >= l.upgrade_valid_bet
              ELSE t.deposit >= l.upgrade_deposit OR t.valid_bet >= l.upgrade_valid_bet END) AS target
      FROM vip_members vm
      JOIN merchants m ON m.id = vm.merchant_id
      LEFT JOIN vip_settings s ON s.merchant_id = vm.merchant_id
      LEFT JOIN vip_period_totals pt ON pt.member_id = vm.member_id
        AND pt.period = to_char((${now}::timestamptz AT TIME ZONE 'UTC') + make_interval(mins => m.utc_offset_minutes), 'YYYY-MM')
      CROSS JOIN LATERAL (
        SELECT CASE WHEN s.upgrade_window = 'MONTH' THEN coalesce(pt.deposit, 0) ELSE vm.lifetime_deposit END AS deposit,
               CASE WHEN s.upgrade_window = 'MONTH' THEN coalesce(pt.valid_bet, 0) ELSE vm.lifetime_valid_bet END AS valid_bet
      ) t
      WHERE vm.member_id = ANY(${ids}::bigint[])
      ORDER BY vm.member_id
      FOR UPDATE OF vm
    `),
  );
  const candidates: Candidate[] = rows
    .map((row) => ({
      memberId: toNumber(row.member_id),
      merchantId: toNumber(row.merchant_id),
      rank: toNumber(row.rank),
      changedAt: row.changed_at ? new Date(row.changed_at as string) : null,
      currency: String(row.currency),
      utcOffsetMinutes: toNumber(row.utc_offset_minutes),
      target: row.target === null ? 0 : Number(toBigInt(row.target)),
    }))
    .filter((row) => row.target > row.rank)
    .filter((row) => row.changedAt === null || siteDayOf(row.changedAt, row.utcOffsetMinutes) !== siteDayOf(now, row.utcOffsetMinutes));
  const ladders = new Map<number, VipLevelRow[]>();
  for (const member of candidates) {
    let ladder = ladders.get(member.merchantId);
    if (!ladder) {
      ladder = await readLadder(tx, member.merchantId);
      ladders.set(member.merchantId, ladder);
    }
    await tx
      .update(vipMembers)
      .set({ rank: member.target, changedAt: now, updatedAt: now })
      .where(sql`${vipMembers.memberId} = ${member.memberId}`);
    await tx.insert(vipLevelChanges).values({
      merchantId: member.merchantId,
      memberId: member.memberId,
      fromRank: member.rank,
      toRank: member.target,
      reason: 'UPGRADE',
      changedAt: now,
    });
    for (const level of ladder.filter((row) => row.rank > member.rank && row.rank <= member.target)) {
      await payVipBonus(tx, {
        merchantId: member.merchantId,
        currency: member.currency,
        memberId: member.memberId,
        kind: 'UPGRADE',
        periodKey: String(level.id),
        rank: level.rank,
        amount: level.upgradeBonus,
      });
    }
  }
  return candidates.length;
}
