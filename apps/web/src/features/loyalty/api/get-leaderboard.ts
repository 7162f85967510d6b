import { type leaderboardValue, MISSION_PATHS } from '@kismat/contracts/missions';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { loyaltyKeys } from './loyalty-keys';

export type LeaderboardView = z.infer<typeof leaderboardValue>;

export function useLeaderboard(which: 'CURRENT' | 'PREVIOUS') {
  return useQuery({
    queryKey: loyaltyKeys.leaderboard(which),
    queryFn: () => api.get<LeaderboardView>(MISSION_PATHS.leaderboard, { query: { which } }),
  });
}
