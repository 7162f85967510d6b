import { RG_PATHS, type RgOverviewValue } from '@kismat/contracts/responsible-gambling';
import { api } from '@/lib/api-client';
import { useOverviewMutation } from './overview-mutation';

/** "I have reviewed my limits": the review prompt goes away for 6 months. */
export function markReviewed(): Promise<RgOverviewValue> {
  return api.post<RgOverviewValue>(RG_PATHS.reviewed, {});
}

export function useMarkReviewed() {
  return useOverviewMutation(markReviewed);
}
