import { PROMOTION_PATHS } from '@kismat/contracts/promotion-paths';
import type { depositPreviewValue } from '@kismat/contracts/promotions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export type DepositBonusPreview = z.infer<typeof depositPreviewValue>;

/** GET the promotions' deposit preview (T): the bonus and turnover a deposit of `amount` would bring now. */
export function getDepositBonusPreview(amount: string): Promise<DepositBonusPreview> {
  return api.get<DepositBonusPreview>(PROMOTION_PATHS.depositPreview, { query: { amount } });
}

/** `amount` is the API string of a valid amount, or null while the field holds none. */
export function useDepositBonusPreview(amount: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: walletKeys.bonusPreview(amount ?? ''), queryFn: () => getDepositBonusPreview(amount ?? '0') }),
    enabled: amount !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
