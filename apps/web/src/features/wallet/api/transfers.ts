import { CASHIER_PATHS, type transferInfoValue, type transferValue } from '@kismat/contracts/cashier';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { sealedRequest } from '@/lib/sealed-request';
import { refreshBalance } from './get-balance';
import { walletKeys } from './wallet-keys';

export type TransferInfo = z.infer<typeof transferInfoValue>;
export type TransferResult = z.infer<typeof transferValue>;
export interface Downline {
  id: number;
  username: string;
  nickname: string;
  depth: number;
}

export function useTransferInfo() {
  return useQuery(queryOptions({ queryKey: walletKeys.transferInfo, queryFn: () => api.get<TransferInfo>(CASHIER_PATHS.transferInfo) }));
}

export function useDownlines(search: string, isEnabled: boolean) {
  return useQuery(
    queryOptions({
      enabled: isEnabled,
      queryKey: walletKeys.downlines(search),
      queryFn: () => api.get<Downline[]>(CASHIER_PATHS.downlines, { query: { search: search || undefined } }),
    }),
  );
}

export function useTransferFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { downlineId: number; amount: string; paymentPassword: string; idempotencyKey: string }) =>
      sealedRequest<TransferResult>(CASHIER_PATHS.transferFund, input),
    // The money left the spendable balance: the header follows at once.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: walletKeys.all }), refreshBalance(queryClient)]),
  });
}

export function useTransferUpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: string; paymentPassword: string; idempotencyKey: string }) =>
      sealedRequest<TransferResult>(CASHIER_PATHS.transferUpline, input),
    // The money left the spendable balance: the header follows at once.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: walletKeys.all }), refreshBalance(queryClient)]),
  });
}
