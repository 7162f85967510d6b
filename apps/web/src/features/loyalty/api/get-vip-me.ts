import { VIP_PATHS, type VipMeValue } from '@kismat/contracts/vip';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

export function useVipMe() {
  return useQuery({ queryKey: loyaltyKeys.vipMe, queryFn: () => api.get<VipMeValue>(VIP_PATHS.me) });
}
