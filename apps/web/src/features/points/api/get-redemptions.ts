import { POINTS_PATHS, type PointRedemption } from '@kismat/contracts/points';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pointsKeys } from './points-keys';

export const REDEMPTIONS_PAGE_SIZE = 10;

export interface RedemptionsPage {
  list: PointRedemption[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** The member's redemptions and conversions, newest first. */
export function useRedemptions(pageNo: number) {
  return useQuery({
    queryKey: pointsKeys.redemptions(pageNo),
    queryFn: () => api.get<RedemptionsPage>(POINTS_PATHS.redemptions, { query: { pageNo, pageSize: REDEMPTIONS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
