import { REBATE_PATHS, type RebateClaimValue } from '@kismat/contracts/rebates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

export const REBATE_HISTORY_PAGE_SIZE = 10;

export function useRebateHistory(pageNo: number) {
  return useQuery({
    queryKey: loyaltyKeys.rebateHistory(pageNo),
    queryFn: () =>
      api.get<{ list: RebateClaimValue[]; total: number; pageNo: number; pageSize: number }>(REBATE_PATHS.history, {
        query: { pageNo, pageSize: REBATE_HISTORY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}
