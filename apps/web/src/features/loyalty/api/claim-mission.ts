import { MISSION_PATHS, type missionClaimValue } from '@kismat/contracts/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type MissionClaim = z.infer<typeof missionClaimValue>;

/** POST: the current period's reward, once per (mission, member, period). */
export function claimMission(input: { missionId: number; idempotencyKey: string }): Promise<MissionClaim> {
  return api.post<MissionClaim>(MISSION_PATHS.claim, input);
}

export function useClaimMission() {
  const queryClient = useQueryClient();
  // Cash, points or chances moved: every query refreshes (the badge, the header balance).
  return useMutation({ mutationFn: claimMission, onSettled: () => queryClient.invalidateQueries() });
}
