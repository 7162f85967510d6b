import { CASHIER_PATHS, type WithdrawalValue, type withdrawInfoValue } from '@kismat/contracts/cashier';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { sealedRequest } from '@/lib/sealed-request';
import { refreshBalance } from './get-balance';
import { walletKeys } from './wallet-keys';

export type WithdrawInfo = z.infer<typeof withdrawInfoValue>;

export function useWithdrawInfo() {
  return useQuery(queryOptions({ queryKey: walletKeys.withdrawInfo, queryFn: () => api.get<WithdrawInfo>(CASHIER_PATHS.withdrawInfo) }));
}

export function useWithdrawals() {
  return useQuery(queryOptions({ queryKey: walletKeys.withdrawals, queryFn: () => api.get<WithdrawalValue[]>(CASHIER_PATHS.withdrawals) }));
}

export interface CreateWithdrawalInput {
  bankAccountId: number;
  amount: string;
  paymentPassword: string;
  idempotencyKey: string;
}

/** POST (E): the payment password travels sealed. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWithdrawalInput) => sealedRequest<WithdrawalValue>(CASHIER_PATHS.withdrawals, input),
    // The money left the spendable balance: the header follows at once.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: walletKeys.all }), refreshBalance(queryClient)]),
  });
}

export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      id: number;
      outcome: 'received' | 'not_received' | 'partial';
      receivedAmount?: string;
      proofUploadId?: string;
    }) => {
      const { id, ...body } = input;
      return api.post<WithdrawalValue>(CASHIER_PATHS.withdrawalConfirm.replace(':id', String(id)), body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals }),
  });
}
