import { MISSION_PATHS, type missionSummaryValue } from '@kismat/contracts/missions';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

export type MissionSummary = z.infer<typeof missionSummaryValue>;

/** Every current mission; claimableCount is the menu badge. */
export function useMissionSummary(isEnabled = true) {
  return useQuery({
    queryKey: loyaltyKeys.missions,
    queryFn: () => api.get<MissionSummary>(MISSION_PATHS.summary),
    enabled: isEnabled,
    staleTime: 30_000,
  });
}
