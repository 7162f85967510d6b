import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';
import type { RgHistoryPage } from './types';

export const HISTORY_PAGE_SIZE = 10;

/** Every limit change, newest first; `page` is 1-based as the server counts. */
export function getRgHistory(page: number): Promise<RgHistoryPage> {
  return api.get<RgHistoryPage>(RG_PATHS.history, { query: { page, size: HISTORY_PAGE_SIZE } });
}

export function useRgHistory(page: number) {
  return useQuery(queryOptions({ queryKey: rgKeys.history(page), queryFn: () => getRgHistory(page), placeholderData: keepPreviousData }));
}
