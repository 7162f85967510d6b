import { PROMOTION_PATHS } from '@kismat/contracts/promotion-paths';
import type { BonusDetailsValue } from '@kismat/contracts/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** GET the promotions' bonus details (T): the withdrawal page needs the turnover still to bet. */
export function getTurnoverLeft(): Promise<BonusDetailsValue> {
  return api.get<BonusDetailsValue>(PROMOTION_PATHS.bonusDetails);
}

export function useTurnoverLeft() {
  return useQuery(queryOptions({ queryKey: walletKeys.turnoverLeft, queryFn: getTurnoverLeft }));
}
