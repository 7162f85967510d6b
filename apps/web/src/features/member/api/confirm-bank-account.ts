import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';
import { type BankAccount, bankAccountsQueryKey } from './get-bank-accounts';
import { securityOverviewQueryKey } from './get-security-overview';

const CONFIRM_PATH = '/wps/member/security/bankAccounts/confirm' satisfies (typeof SECURITY_PATHS)['confirmBankAccount'];

/** POST /wps/member/security/bankAccounts/confirm (T, E): binds the account for good (payment password). */
export function confirmBankAccount(body: { id: number; paymentPassword: string }): Promise<BankAccount> {
  return sealedRequest<BankAccount>(CONFIRM_PATH, body);
}

export function useConfirmBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBankAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: securityOverviewQueryKey });
    },
  });
}
