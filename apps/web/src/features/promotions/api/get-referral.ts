import { PROMOTION_KIND_PATHS, type referralState } from '@kismat/contracts/promotion-kinds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';

export type ReferralState = z.infer<typeof referralState>;

/** GET (T): my invite link, code and QR, my invitees with their stage, earned and cap. */
export function getReferral(): Promise<ReferralState> {
  return api.get<ReferralState>(PROMOTION_KIND_PATHS.referral);
}

export function useReferral() {
  return useQuery(queryOptions({ queryKey: promotionKeys.referral, queryFn: getReferral }));
}
