import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankAccountsQueryKey } from './get-bank-accounts';
import { securityOverviewQueryKey } from './get-security-overview';

const BANK_ACCOUNTS_PATH = '/wps/member/security/bankAccounts' satisfies (typeof SECURITY_PATHS)['bankAccounts'];

/** DELETE /wps/member/security/bankAccounts?id= (T): only an unbound account can go. */
export function deleteBankAccount(id: number): Promise<null> {
  return api.delete<null>(BANK_ACCOUNTS_PATH, { query: { id } });
}

export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: securityOverviewQueryKey });
    },
  });
}
