import { POINTS_PATHS, type PointConfigValue } from '@kismat/contracts/points';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pointsKeys } from './points-keys';

export function usePointConfig() {
  return useQuery({ queryKey: pointsKeys.config, queryFn: () => api.get<PointConfigValue>(POINTS_PATHS.config) });
}
