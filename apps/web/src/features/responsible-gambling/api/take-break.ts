import { RG_PATHS, type RgSelfExclusionDuration, type RgTimeOutDuration } from '@kismat/contracts/responsible-gambling';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RgExclusionTaken } from './types';

export type BreakRequest =
  | { kind: 'TIME_OUT'; duration: RgTimeOutDuration }
  | { kind: 'SELF_EXCLUSION'; duration: RgSelfExclusionDuration };

/** A time-out or a self-exclusion: every session of the member ends on the server at once. */
export function takeBreak(request: BreakRequest): Promise<RgExclusionTaken> {
  return api.post<RgExclusionTaken>(request.kind === 'TIME_OUT' ? RG_PATHS.timeOut : RG_PATHS.selfExclusion, {
    duration: request.duration,
  });
}

/** The caller ends the local session on success (the server has already revoked it). */
export function useTakeBreak() {
  return useMutation({ mutationFn: takeBreak });
}
