import { RG_PATHS, type RgOverviewValue } from '@kismat/contracts/responsible-gambling';
import { api } from '@/lib/api-client';
import { useOverviewMutation } from './overview-mutation';

/** The member chooses not to set a deposit limit now; the server records the choice. */
export function skipDepositLimit(): Promise<RgOverviewValue> {
  return api.post<RgOverviewValue>(RG_PATHS.skipDepositLimit, {});
}

export function useSkipDepositLimit() {
  return useOverviewMutation(skipDepositLimit);
}
