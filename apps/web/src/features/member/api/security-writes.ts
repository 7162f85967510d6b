import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankAccountsQueryKey } from './get-bank-accounts';
import { type SecurityOverview, securityOverviewQueryKey } from './get-security-overview';

/** Adding, confirming or removing a bank account: the account list and the overview's count go stale. */
export function useBankAccountWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: securityOverviewQueryKey });
    },
  });
}

/** Binding a mobile number or an e-mail address: the answer is the new overview; member info follows. */
export function useBindingWrite<TInput>(mutationFn: (input: TInput) => Promise<SecurityOverview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (overview) => {
      queryClient.setQueryData(securityOverviewQueryKey, overview);
      void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
    },
  });
}
