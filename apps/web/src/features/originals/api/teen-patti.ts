import type { ORIGINALS_PATHS, teenPattiOpenResponse } from '@kismat/contracts/originals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { PlayValue } from '../utils/originals-types';

const DEAL_PATH = '/bgs/api/originals/teen-patti/deal' satisfies (typeof ORIGINALS_PATHS)['teenPattiDeal'];
const DECIDE_PATH = '/bgs/api/originals/teen-patti/decide' satisfies (typeof ORIGINALS_PATHS)['teenPattiDecide'];
const OPEN_PATH = '/bgs/api/originals/teen-patti/open' satisfies (typeof ORIGINALS_PATHS)['teenPattiOpen'];
export const OPEN_TEEN_PATTI_KEY = ['originals', 'teen-patti-open'] as const;

type OpenTeenPattiValue = z.infer<typeof teenPattiOpenResponse>['value'];

/** Opens a Teen Patti hand: ante (and Pair Plus) taken, the player's three cards dealt (T). The key makes a retry replay it. */
export function dealTeenPatti(input: { ante: string; pairPlus?: string; idempotencyKey: string }): Promise<PlayValue> {
  return api.post<PlayValue>(DEAL_PATH, input);
}

/** Play (a second stake equal to the ante) or fold the open hand; settles it once whatever the retries (T). */
export function decideTeenPatti(input: { roundId: string; decision: 'PLAY' | 'FOLD'; idempotencyKey: string }): Promise<PlayValue> {
  return api.post<PlayValue>(DECIDE_PATH, input);
}

/** The member's open hand, if any: the screen resumes it after a reload (T). */
export function useOpenTeenPatti() {
  return useQuery(queryOptions({ queryKey: OPEN_TEEN_PATTI_KEY, queryFn: () => api.get<OpenTeenPattiValue>(OPEN_PATH) }));
}
