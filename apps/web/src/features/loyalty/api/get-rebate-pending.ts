import { REBATE_PATHS, type RebatePendingValue } from '@kismat/contracts/rebates';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

export function useRebatePending() {
  return useQuery({ queryKey: loyaltyKeys.rebatePending, queryFn: () => api.get<RebatePendingValue>(REBATE_PATHS.pending) });
}
