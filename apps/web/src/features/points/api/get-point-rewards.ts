import { type MallItem, POINTS_PATHS } from '@kismat/contracts/points';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pointsKeys } from './points-keys';

export function usePointRewards() {
  return useQuery({ queryKey: pointsKeys.rewards, queryFn: () => api.get<{ list: MallItem[] }>(POINTS_PATHS.rewards) });
}
