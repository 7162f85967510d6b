import { type MemberPromotionValue, PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { useIsPromotionMember } from './get-promotions';
import { promotionKeys } from './promotion-keys';

/** One promotion with my state (T); visitors read it from the public list. */
export async function getPromotion(id: number, isMember: boolean): Promise<MemberPromotionValue | null> {
  if (!isMember) {
    const value = await api.get<{ list: MemberPromotionValue[] }>(PROMOTION_PATHS.publicList, { skipAuthRedirect: true });
    return value.list.find((item) => item.id === id) ?? null;
  }
  return api.get<MemberPromotionValue>(PROMOTION_PATHS.detail.replace(':id', String(id)));
}

export function usePromotion(id: number | null) {
  const language = useLanguage();
  const isMember = useIsPromotionMember();
  return useQuery(
    queryOptions({
      queryKey: promotionKeys.detail(id ?? 0, language, isMember),
      queryFn: () => getPromotion(id ?? 0, isMember),
      enabled: id !== null,
    }),
  );
}
