import { VIP_PATHS, type VipLevel } from '@kismat/contracts/vip';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

export function useVipLevels() {
  return useQuery({
    queryKey: loyaltyKeys.vipLevels,
    queryFn: () => api.get<{ list: VipLevel[]; upgradeWindow: 'LIFETIME' | 'MONTH' }>(VIP_PATHS.levels),
  });
}
