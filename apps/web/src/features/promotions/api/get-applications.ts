import { type activityApplication, PROMOTION_KIND_PATHS } from '@kismat/contracts/promotion-kinds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';

export type ActivityApplication = z.infer<typeof activityApplication>;

/** GET (T): my activity applications, newest first, with the review outcome. */
export async function getApplications(): Promise<ActivityApplication[]> {
  return (await api.get<{ list: ActivityApplication[] }>(PROMOTION_KIND_PATHS.activityApplications)).list;
}

export function useApplications({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...queryOptions({ queryKey: promotionKeys.applications, queryFn: getApplications }), enabled: isEnabled });
}
