import type { MemberInfo } from '@kismat/contracts/member';
import type { MemberPage } from '@/config/paths';

/** Pages whose menu entry carries a red count badge (spec section 2). */
export const BADGED_PAGES = ['missionLeaderboard', 'messageV2', 'rewardCenter'] as const satisfies readonly MemberPage[];
export type BadgedPage = (typeof BADGED_PAGES)[number];

export interface MenuCounts {
  /** Missions ready to claim (MCSFE_getMissionSummaryDetails claimableCount). */
  missions?: number;
}

/**
 * The badge counts of the member-centre menu: unread messages, available promotions and
 * claimable missions. Only counts above 0 produce a badge.
 */
export function menuBadges(
  member: Pick<MemberInfo, 'unreadMessage' | 'availablePromoCount'> | null,
  counts: MenuCounts = {},
): Partial<Record<BadgedPage, number>> {
  const all: Record<BadgedPage, number> = {
    missionLeaderboard: counts.missions ?? 0,
    messageV2: member?.unreadMessage ?? 0,
    rewardCenter: member?.availablePromoCount ?? 0,
  };
  const shown: Partial<Record<BadgedPage, number>> = {};
  for (const page of BADGED_PAGES) if (all[page] > 0) shown[page] = all[page];
  return shown;
}

/** "99+" beyond two digits, so a badge never grows wider than the menu. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
