import { CASHIER_PATHS, type TransactionsValue } from '@kismat/contracts/cashier';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export interface TransactionFilters {
  type?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export function useTransactions(filters: TransactionFilters) {
  return useQuery(
    queryOptions({
      queryKey: walletKeys.transactions({ ...filters }),
      queryFn: () => api.get<TransactionsValue>(CASHIER_PATHS.transactions, { query: { ...filters } }),
      placeholderData: keepPreviousData,
    }),
  );
}
