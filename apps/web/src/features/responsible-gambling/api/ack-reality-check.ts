import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';
import type { RgRealityCheckAck } from './types';

/** Continue (the next check is scheduled) or Stop (the server ends this session). */
export function ackRealityCheck(action: 'CONTINUE' | 'STOP'): Promise<RgRealityCheckAck> {
  return api.post<RgRealityCheckAck>(RG_PATHS.realityCheckAck, { action });
}

export function useAckRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ackRealityCheck,
    onSuccess: (answer) => {
      if (answer.realityCheck) queryClient.setQueryData(rgKeys.realityCheck, answer.realityCheck);
    },
  });
}
