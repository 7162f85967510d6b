import type { Language } from '@kismat/contracts/languages';
import type { VipMeValue } from '@kismat/contracts/vip';
import { formatAmount } from '@kismat/contracts/wallet';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { periodOf, presentLevel, readLadder, readPeriodTotals, readVipMember, readVipSettings } from './vip-queries';

const part = (done: bigint, needed: bigint) => ({ done: formatAmount(done), needed: formatAmount(needed) });

/** The member's level, the next one and the way there (deposit and valid bet done / needed), and this month's retention. */
export async function getVipProgress(
  db: DbOrTx,
  merchant: Pick<Merchant, 'id' | 'utcOffsetMinutes'>,
  memberId: number,
  now: Date,
  language: Language,
): Promise<VipMeValue> {
  const [ladder, settings, member] = await Promise.all([
    readLadder(db, merchant.id),
    readVipSettings(db, merchant.id),
    readVipMember(db, memberId),
  ]);
  const rank = member?.rank ?? 0;
  const period = periodOf(now, merchant.utcOffsetMinutes);
  const month = await readPeriodTotals(db, memberId, period);
  const current = ladder.find((level) => level.rank === rank) ?? null;
  const next = ladder.find((level) => level.rank === rank + 1) ?? null;
  const counted =
    settings.upgradeWindow === 'MONTH' ? month : { deposit: member?.lifetimeDeposit ?? 0n, validBet: member?.lifetimeValidBet ?? 0n };
  return {
    hasVip: current !== null,
    level: current ? presentLevel(current, language) : null,
    next: next ? presentLevel(next, language) : null,
    progress: next
      ? {
          deposit: part(counted.deposit, next.upgradeDeposit),
          validBet: part(counted.validBet, next.upgradeValidBet),
          targetRule: next.targetRule,
        }
      : null,
    retention:
      current && settings.isRetentionOn
        ? { deposit: part(month.deposit, current.retainDeposit), validBet: part(month.validBet, current.retainValidBet), period }
        : null,
    upgradeWindow: settings.upgradeWindow,
    changedAt: member?.changedAt?.toISOString() ?? null,
  };
}
