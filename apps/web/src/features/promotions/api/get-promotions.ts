import { type MemberPromotionValue, PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { useSessionStore } from '@/stores/session-store';
import { promotionKeys } from './promotion-keys';

/** Live promotions: a member's own state and progress (T), or the public list for visitors. */
export async function getPromotions(isMember: boolean): Promise<MemberPromotionValue[]> {
  const value = await api.get<{ list: MemberPromotionValue[] }>(isMember ? PROMOTION_PATHS.list : PROMOTION_PATHS.publicList, {
    skipAuthRedirect: !isMember,
  });
  return value.list;
}

/** A real member (not a trial player) sees their own state; everyone else the public copy. */
export function useIsPromotionMember(): boolean {
  return useSessionStore((state) => state.isLogin && !state.isTrial);
}

export function usePromotions() {
  const language = useLanguage();
  const isMember = useIsPromotionMember();
  return useQuery(
    queryOptions({ queryKey: promotionKeys.list(language, isMember), queryFn: () => getPromotions(isMember), staleTime: 30_000 }),
  );
}
