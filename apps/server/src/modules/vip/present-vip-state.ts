import { parseLanguage } from '@kismat/contracts/languages';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import type { MemberStateExtras } from '../member/index';
import { getMemberVipLevel, nameIn } from './vip-queries';

/** Member state hasVip / vipLabelName / vipRankLevel (the registry hands this to member's presenter). */
export async function presentVipState(db: DbOrTx, member: MemberRow, _merchant: Merchant): Promise<MemberStateExtras> {
  const { rank, level } = await getMemberVipLevel(db, member.id);
  if (!level) return { hasVip: false, vipLabelName: null, vipRankLevel: null };
  return { hasVip: true, vipLabelName: nameIn(level.names, parseLanguage(member.language)), vipRankLevel: rank };
}
